import DepsReducer
import Testing

// TCA 0.40's higher-order reducers as Docs/MigratingFromTCA.md says to write them in the Swift 6
// language mode: their closure parameters `@Sendable`, and the Recursion case study's `recurse`
// without a `var` captured before it is assigned. (In the Swift 5 mode the plain closures of TCA
// 0.40's signatures are accepted: Fixtures/TCA040Sample/Sources/TCA040Sample/Recursion.swift.)

private struct Node: Equatable, Identifiable {
  var id: Int
  var children: [Node] = []
  var name = ""
}

private indirect enum NodeAction: Equatable {
  case append(id: Int)
  case node(id: Int, action: NodeAction)
  case rename(String)
}

extension Reducer {
  fileprivate static func recurse(
    _ reducer: @escaping @Sendable (Reducer, inout State, Action, Environment) -> Effect<Action>
  ) -> Reducer {
    @Sendable func reduce(_ state: inout State, _ action: Action, _ environment: Environment) -> Effect<
      Action
    > {
      reducer(Reducer(reduce), &state, action, environment)
    }
    return Reducer(reduce)
  }

  fileprivate func lifted<ParentEnvironment>(
    environment toEnvironment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<State, Action, ParentEnvironment> {
    pullback(state: \.self, action: /.self, environment: toEnvironment)
  }
}

private let nodeReducer = Reducer<Node, NodeAction, Void>.recurse { `self`, state, action, environment in
  switch action {
  case .append(let id):
    state.children.append(Node(id: id))
    return .none
  case .node:
    return self.forEach(state: \.children, action: /NodeAction.node(id:action:), environment: { $0 })
      .run(&state, action, environment)
  case .rename(let name):
    state.name = name
    return .none
  }
}

@Suite struct HigherOrderReducerTests {
  @Test func aRecursiveReducerRunsAtEveryDepth() {
    var root = Node(id: 0)
    _ = nodeReducer.run(&root, .append(id: 1), ())
    _ = nodeReducer.run(&root, .node(id: 1, action: .append(id: 2)), ())
    _ = nodeReducer.run(&root, .node(id: 1, action: .node(id: 2, action: .rename("leaf"))), ())
    #expect(root.children[0].children[0] == Node(id: 2, name: "leaf"))
  }

  @Test func aLiftedReducerDerivesItsEnvironment() {
    struct ParentEnvironment { var step: Int }
    let counter = Reducer<Int, Void, Int> { count, _, step in
      count += step
      return .none
    }
    let lifted: Reducer<Int, Void, ParentEnvironment> = counter.lifted(environment: \.step)
    var count = 0
    _ = lifted.run(&count, (), ParentEnvironment(step: 3))
    #expect(count == 3)
  }
}
