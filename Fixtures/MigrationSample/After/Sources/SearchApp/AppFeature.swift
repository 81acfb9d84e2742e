import ComposableDeps  // migration: `import ComposableDeps`

struct AppState: Equatable {
  var search = SearchState()
  var greeting: String?
}

enum AppAction: Equatable {
  case search(SearchAction)
  case appLaunched
  case greeted(String)
}

class AppEnvironment: ComposableEnvironment {
  @Dependency(\.analytics) var analytics
  @DerivedEnvironment<SearchEnvironment> var search
}

let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
  searchReducer.pullback(state: \.search, action: /AppAction.search),
  Reducer { state, action, environment in
    switch action {
    case .appLaunched:
      return .merge(
        .send(.greeted("Welcome back")),  // migration: `.send(.loaded(x))`
        .run { [analytics = environment.analytics] _ in analytics.track("launch") }  // migration: `.run { _ in analytics.track() }`
      )
    case let .greeted(greeting):
      state.greeting = greeting
      return .none
    case .search:
      return .none
    }
  }
)
