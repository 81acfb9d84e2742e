import GlobalDeps
import Testing

private struct PullingParentEnvironment: GlobalEnvironment {}

private struct PulledChildEnvironment: GlobalEnvironment {
  @Dependency(\.main) var main
}

private struct Child: Equatable, Identifiable, Sendable {
  var id: Int
  var seen: [String] = []
}

private enum ChildAction: Equatable, Sendable { case read }

private struct Parent: Equatable, Sendable {
  var child = Child(id: 0)
  var list: [Child] = [Child(id: 1)]
  var byKey: [String: Child] = ["a": Child(id: 2)]
  var optional: Child? = Child(id: 3)
}

private enum ParentAction: Equatable, Sendable {
  case child(ChildAction)
  case list(Int, ChildAction)
  case byKey(String, ChildAction)
  case optional(ChildAction)
}

private let childReducer = Reducer<Child, ChildAction, PulledChildEnvironment> { state, _, environment in
  state.seen.append(environment.main)
  return .none
}

private let parentReducer = Reducer<Parent, ParentAction, PullingParentEnvironment>.combine(
  childReducer.pullback(state: \.child, action: /ParentAction.child),
  childReducer.forEach(state: \.list, action: /ParentAction.list),
  childReducer.forEach(state: \.byKey, action: /ParentAction.byKey),
  childReducer.pullback(state: /Optional<Child>.some, action: /ParentAction.optional)
    .pullback(state: \.optional, action: /.self, environment: { $0 })
)

@Suite struct GlobalEnvironmentlessPullbackTests {
  @Test func theChildIsCreatedWithInitAndSeesTheScopeInForce() {
    var state = Parent()
    withDependencies {
      $0.main = "first scope"
    } operation: {
      for action in [ParentAction.child(.read), .list(1, .read), .byKey("a", .read), .optional(.read)] {
        _ = parentReducer.run(&state, action, PullingParentEnvironment())
      }
    }
    withDependencies {
      $0.main = "second scope"
    } operation: {
      _ = parentReducer.run(&state, .child(.read), PullingParentEnvironment())
    }
    #expect(state.child.seen == ["first scope", "second scope"])
    #expect(state.list[0].seen == ["first scope"])
    #expect(state.byKey["a"]?.seen == ["first scope"])
    #expect(state.optional?.seen == ["first scope"])
  }
}
