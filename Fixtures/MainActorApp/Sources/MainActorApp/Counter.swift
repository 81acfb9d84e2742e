// Docs/GettingStarted.md's counter feature: state, actions, a reducer with an effect.
import ComposableDeps

public nonisolated struct CounterState: Equatable, Sendable {
  public var count = 0
  public var fact: String?
  public var isLoadingFact = false

  public init(count: Int = 0) { self.count = count }
}

public enum CounterAction: Equatable, Sendable {
  case decrementButtonTapped
  case incrementButtonTapped
  case factButtonTapped
  case factResponse(String)
}

let counterReducer = Reducer<CounterState, CounterAction, CounterEnvironment> {
  state, action, environment in
  switch action {
  case .decrementButtonTapped:
    state.count -= 1
    return .none

  case .incrementButtonTapped:
    state.count += 1
    return .none

  case .factButtonTapped:
    state.isLoadingFact = true
    // Capture the service and the count, not the environment: effects outlive this call.
    let numberFact = environment.numberFact
    return .run { [count = state.count] send in
      await send(.factResponse(await numberFact.fetch(count)))
    }

  case .factResponse(let fact):
    state.isLoadingFact = false
    state.fact = fact
    return .none
  }
}
