import ComposableDeps  // was: import ComposableArchitecture
import Foundation

// TCA 0.40's Recursion case study and a `lifted(environment:)` of its kind: higher-order
// reducers, written with the plain closures of TCA 0.40's signatures.

struct NestedState: Equatable, Identifiable {
  var children: IdentifiedArrayOf<NestedState> = []
  let id: UUID
  var description: String = ""

  init(children: IdentifiedArrayOf<NestedState> = [], id: UUID, description: String = "") {
    self.children = children
    self.id = id
    self.description = description
  }
}

indirect enum NestedAction: Equatable {
  case append
  case node(id: NestedState.ID, action: NestedAction)
  case rename(String)
}

struct NestedEnvironment {
  var uuid: @Sendable () -> UUID
}

extension Reducer {
  static func recurse(
    // was: _ reducer: @escaping (Reducer, inout State, Action, Environment) -> Effect<Action, Never>
    _ reducer: @escaping (Reducer, inout State, Action, Environment) -> Effect<Action>
  ) -> Reducer {
    // was: var `self`: Reducer!
    //      self = Reducer { state, action, environment in reducer(self, &state, action, environment) }
    //      return self
    // (a closure that captures a `var` assigned after it is a warning, and in the Swift 6 mode an
    // error: Docs/MigratingFromTCA.md, "Higher-order reducers")
    func reduce(_ state: inout State, _ action: Action, _ environment: Environment) -> Effect<Action> {
      reducer(Reducer(reduce), &state, action, environment)
    }
    return Reducer(reduce)
  }

  func lifted<ParentEnvironment>(
    environment toEnvironment: @escaping (ParentEnvironment) -> Environment
  ) -> Reducer<State, Action, ParentEnvironment> {
    self.pullback(state: \.self, action: /.self, environment: toEnvironment)
  }
}

let nestedReducer = Reducer<
  NestedState, NestedAction, NestedEnvironment
>.recurse { `self`, state, action, environment in
  switch action {
  case .append:
    state.children.append(NestedState(id: environment.uuid()))
    return .none

  case .node:
    return self.forEach(
      state: \.children,
      action: /NestedAction.node(id:action:),
      environment: { $0 }
    )
    .run(&state, action, environment)

  case let .rename(name):
    state.description = name
    return .none
  }
}

struct NestedAppEnvironment {
  var nested: NestedEnvironment
}

let nestedAppReducer: Reducer<NestedState, NestedAction, NestedAppEnvironment> =
  nestedReducer.lifted(environment: \.nested)
