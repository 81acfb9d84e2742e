// GlobalDeps, as the guides use it: @Dependency in a plain type, and a feature whose environment
// is a GlobalEnvironment, pulled back without an `environment:` argument.
import Foundation
import GlobalDeps

struct FactModel {
  @Dependency(\.numberFact) var numberFact

  func fact(about number: Int) async -> String {
    await numberFact.fetch(number)
  }
}

nonisolated struct GreetingEnvironment: GlobalEnvironment {
  @Dependency(\.uuid) var uuid
}

nonisolated struct GreetingState: Equatable, Sendable {
  var ids: [UUID] = []
}

enum GreetingAction: Equatable, Sendable {
  case addTapped
}

let greetingReducer = Reducer<GreetingState, GreetingAction, GreetingEnvironment> {
  state, action, environment in
  switch action {
  case .addTapped:
    state.ids.append(environment.uuid())
    return .none
  }
}

nonisolated struct ShellState: Equatable, Sendable {
  var greeting = GreetingState()
}

enum ShellAction: Equatable, Sendable {
  case greeting(GreetingAction)
}

nonisolated struct ShellEnvironment: GlobalEnvironment {}

// The child's GlobalEnvironment is made with init(): no `environment:` argument.
let shellReducer: Reducer<ShellState, ShellAction, ShellEnvironment> =
  greetingReducer.pullback(state: \.greeting, action: /ShellAction.greeting)
