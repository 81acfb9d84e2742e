import ComposableDeps

/// The state of the whole app: one value per feature.
public struct AppState: Equatable, Sendable {
  /// The counter tab.
  public var counter = CounterState()
  /// The todo tab.
  public var todos = TodosState()
  /// The settings screen.
  public var settings = SettingsState()
  /// The search tab.
  public var search = SearchState()
  /// The demo pane, a counter shown while demo mode is on; `nil` while it is off.
  public var demo: CounterState?

  /// Creates the state of a freshly launched app.
  public init() {}
}

/// What happens in the app: the actions of each feature, tagged with the feature.
public enum AppAction: Equatable, Sendable {
  /// An action of the counter tab.
  case counter(CounterAction)
  /// An action of the todo tab.
  case todos(TodosAction)
  /// An action of the settings screen.
  case settings(SettingsAction)
  /// An action of the search tab.
  case search(SearchAction)
  /// An action of the demo pane.
  case demo(CounterAction)
}

/// The root of the environment tree.
///
/// The features' environments (``CounterEnvironment``, ``TodosEnvironment``,
/// ``SettingsEnvironment``) need no declaration here: the environment-less pullbacks of
/// ``appReducer`` derive them from this environment, so they read every value set on it.
///
/// The demo pane is the exception that shows tree scoping: it is declared with `@Derived` and sets
/// its own number fact client, so it runs on ``NumberFactClient/mock`` while the counter tab, its
/// sibling, keeps the client of the root.
///
/// ```swift
/// let environment = AppEnvironment().with(\.numberFact, .value(.live(cache: NumberFactCache())))
/// environment.demo.numberFact  // .mock: set on the subtree
/// ```
public final class AppEnvironment: ComposableEnvironment {
  /// The environment of the demo pane: a counter whose facts come from the mock client.
  @Derived public var demo = CounterEnvironment().with(\.numberFact, .mock)
}

/// The logic of the whole app: each feature's reducer, pulled back to the app, and demo mode.
public let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
  counterReducer.pullback(state: \.counter, action: /AppAction.counter),
  todosReducer.pullback(state: \.todos, action: /AppAction.todos),
  settingsReducer.pullback(state: \.settings, action: /AppAction.settings),
  searchReducer.pullback(state: \.search, action: /AppAction.search),
  // The demo pane names its environment: the `@Derived` child with the mock client.
  counterReducer.optional().pullback(state: \.demo, action: /AppAction.demo, environment: \.demo),
  Reducer { state, action, _ in
    // Runs after `settingsReducer`, so the setting is already flipped.
    guard case .settings(.demoModeToggled) = action else { return .none }
    state.demo = state.settings.isDemoModeOn ? CounterState() : nil
    return .none
  }
)
