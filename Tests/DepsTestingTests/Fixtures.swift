import DepsReducer
import DepsTesting

struct Counter: Equatable {
  var count = 0
  var fact: String?
}

enum CounterAction: Equatable, Sendable {
  case increment
  case factTapped
  case factLoaded(String)
  case twice
  case never
  case failing
}

struct CounterEnvironment: Sendable {
  var fact: @Sendable (Int) async -> String = { "\($0) is a number" }
}

let counterReducer = Reducer<Counter, CounterAction, CounterEnvironment> {
  state, action, environment in
  switch action {
  case .increment:
    state.count += 1
    return .none
  case .factTapped:
    return .run { [count = state.count] send in
      await send(.factLoaded(await environment.fact(count)))
    }
  case .factLoaded(let fact):
    state.fact = fact
    return .none
  case .twice:
    return .merge(.send(.increment), .send(.increment))
  case .never:
    return .run { _ in
      try await Task.sleep(for: .seconds(60))
    }
  case .failing:
    return .none
  }
}

struct AssertFailed: Error {}

@MainActor func makeStore(file: StaticString = #filePath, line: UInt = #line) -> TestStore<
  Counter, CounterAction, CounterEnvironment
> {
  TestStore(
    initialState: Counter(), reducer: counterReducer, environment: CounterEnvironment(),
    file: file, line: line)
}
