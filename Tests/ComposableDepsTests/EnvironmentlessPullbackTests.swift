import Testing

@testable import ComposableDeps

private final class PullingParentEnvironment: ComposableEnvironment {}

private final class PulledChildEnvironment: ComposableEnvironment {
  @Dependency(\.int) var int
}

private struct Child: Equatable, Identifiable, Sendable {
  var id: Int
  var seen: [Int] = []
}

private enum ChildAction: Equatable, Sendable { case read }

private struct Parent: Equatable, Sendable {
  var child = Child(id: 0)
  var list: [Child] = [Child(id: 1), Child(id: 2)]
  var byKey: [String: Child] = ["a": Child(id: 3)]
  var mode: Mode = .on(Child(id: 4))
}

private enum Mode: Equatable, Sendable {
  case on(Child)
  case off
}

private enum ParentAction: Equatable, Sendable {
  case child(ChildAction)
  case list(Int, ChildAction)
  case byKey(String, ChildAction)
  case mode(ChildAction)
}

private let childReducer = Reducer<Child, ChildAction, PulledChildEnvironment> { state, _, environment in
  state.seen.append(environment.int)
  return .none
}

// File-scope reducers compile in Swift 6 mode.
private let parentReducer = Reducer<Parent, ParentAction, PullingParentEnvironment>.combine(
  childReducer.pullback(state: \.child, action: /ParentAction.child),
  childReducer.forEach(state: \.list, action: /ParentAction.list),
  childReducer.forEach(state: \.byKey, action: /ParentAction.byKey),
  childReducer.pullback(state: /Mode.on, action: /ParentAction.mode).pullback(
    state: \.mode, action: /.self, environment: { $0 })
)

/// Records which environment object each run got, by its `ObjectIdentifier`'s hash.
private let identityReducer = Reducer<Child, ChildAction, PulledChildEnvironment> { state, _, environment in
  state.seen.append(ObjectIdentifier(environment).hashValue)
  return .none
}

private let identityParentReducer = Reducer<Parent, ParentAction, PullingParentEnvironment>.combine(
  identityReducer.pullback(state: \.child, action: /ParentAction.child),
  identityReducer.forEach(state: \.list, action: /ParentAction.list),
  identityReducer.forEach(state: \.byKey, action: /ParentAction.byKey),
  identityReducer.pullback(state: /Mode.on, action: /ParentAction.mode).pullback(
    state: \.mode, action: /.self, environment: { $0 })
)

@Suite struct EnvironmentlessPullbackTests {
  /// Every shape lends the child its parent keeps (`pulledBackChild`), the same object on every
  /// action: none derives one of its own.
  @Test func everyShapeRunsTheChildOnTheParentsOnePulledBackChild() {
    let environment = PullingParentEnvironment()
    var state = Parent()
    for _ in 0..<3 {
      _ = identityParentReducer.run(&state, .child(.read), environment)
      _ = identityParentReducer.run(&state, .list(2, .read), environment)
      _ = identityParentReducer.run(&state, .byKey("a", .read), environment)
      _ = identityParentReducer.run(&state, .mode(.read), environment)
    }
    let kept = ObjectIdentifier(environment.pulledBackChild(PulledChildEnvironment.self)).hashValue
    #expect(state.child.seen == [kept, kept, kept])
    #expect(state.list[1].seen == [kept, kept, kept])
    #expect(state.byKey["a"]?.seen == [kept, kept, kept])
    #expect(state.mode == .on(Child(id: 4, seen: [kept, kept, kept])))
  }

  @Test func everyShapeDerivesTheChildFromTheParent() {
    let environment = PullingParentEnvironment().with(\.int, 7)
    var state = Parent()
    _ = parentReducer.run(&state, .child(.read), environment)
    _ = parentReducer.run(&state, .list(2, .read), environment)
    _ = parentReducer.run(&state, .byKey("a", .read), environment)
    _ = parentReducer.run(&state, .mode(.read), environment)
    #expect(state.child.seen == [7])
    #expect(state.list[1].seen == [7])
    #expect(state.byKey["a"]?.seen == [7])
    #expect(state.mode == .on(Child(id: 4, seen: [7])))
  }

  @Test func oneReducerUnderTwoParentsGivesEachItsOwnChild() {
    let one = PullingParentEnvironment().with(\.int, 1)
    let two = PullingParentEnvironment().with(\.int, 2)
    var first = Parent()
    var second = Parent()
    _ = parentReducer.run(&first, .child(.read), one)
    _ = parentReducer.run(&second, .child(.read), two)
    _ = parentReducer.run(&first, .child(.read), one)
    #expect(first.child.seen == [1, 1])
    #expect(second.child.seen == [2])
  }

  @Test func theChildReadsTheParentAtReadTime() {
    let environment = PullingParentEnvironment()
    var state = Parent()
    _ = parentReducer.run(&state, .child(.read), environment)
    environment.with(\.int, 9)
    _ = parentReducer.run(&state, .child(.read), environment)
    #expect(state.child.seen == [1, 9])
  }
}
