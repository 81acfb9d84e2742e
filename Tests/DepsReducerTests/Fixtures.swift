import DepsReducer

// A small app declared the way users declare theirs: reducers as file-scope `let`s.

struct CounterState: Equatable, Identifiable {
  var id: Int = 0
  var count = 0
}

enum CounterAction: Equatable {
  case increment
  case add(Int)
  case delayedIncrement
}

struct CounterEnvironment: Sendable {
  var step = 1
}

let counterReducer = Reducer<CounterState, CounterAction, CounterEnvironment> {
  state, action, environment in
  switch action {
  case .increment:
    state.count += environment.step
    return .none
  case .add(let amount):
    state.count += amount
    return .none
  case .delayedIncrement:
    return .run { send in
      await Task.yield()
      await send(.increment)
    }
  }
}

enum Screen: Equatable {
  case counter(CounterState)
  case empty
}

struct AppState: Equatable {
  var counter = CounterState()
  var optionalCounter: CounterState?
  var screen = Screen.empty
  var counters: [CounterState] = []
  var countersByName: [String: CounterState] = [:]
  var log: [String] = []
}

enum AppAction: Equatable {
  case counter(CounterAction)
  case optionalCounter(CounterAction)
  case screen(CounterAction)
  case counters(Int, CounterAction)
  case countersByName(String, CounterAction)
  case logged(String)
}

struct AppEnvironment: Sendable {
  var counter = CounterEnvironment(step: 10)
}

let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
  counterReducer.pullback(state: \.counter, action: /AppAction.counter, environment: \.counter),
  counterReducer.optional().pullback(
    state: \.optionalCounter, action: /AppAction.optionalCounter, environment: \.counter),
  counterReducer.pullback(state: /Screen.counter, action: /AppAction.screen, environment: \.counter)
    .pullback(state: \.screen, action: /.self, environment: { $0 }),
  counterReducer.forEach(state: \.counters, action: /AppAction.counters, environment: \.counter),
  counterReducer.forEach(
    state: \.countersByName, action: /AppAction.countersByName, environment: \.counter),
  Reducer { state, action, _ in
    if case .logged(let message) = action { state.log.append(message) }
    return .none
  }
)
