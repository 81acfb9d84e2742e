// Docs/GettingStarted.md's app level: features composed with environment-less pullbacks, an
// optional pane with an environment of its own, in a module with default MainActor isolation.
import ComposableDeps

nonisolated struct AppState: Equatable, Sendable {
  var counter = CounterState()
  var search = SearchState()
  var isDemoModeOn = false
  var demo: CounterState?
}

enum AppAction: Equatable, Sendable {
  case counter(CounterAction)
  case search(SearchAction)
  case demoModeToggled
  case demo(CounterAction)
}

nonisolated final class RootEnvironment: ComposableEnvironment {
  @Derived var demo = CounterEnvironment().with(\.numberFact, NumberFact { "\($0) is a demo fact." })
}

let appReducer = Reducer<AppState, AppAction, RootEnvironment>.combine(
  counterReducer.pullback(state: \.counter, action: /AppAction.counter),
  searchReducer.pullback(state: \.search, action: /AppAction.search),
  counterReducer.optional().pullback(state: \.demo, action: /AppAction.demo, environment: \.demo),
  Reducer { state, action, _ in
    guard case .demoModeToggled = action else { return .none }
    state.isDemoModeOn.toggle()
    state.demo = state.isDemoModeOn ? CounterState() : nil
    return .none
  }
)
