import ComposableArchitecture
import ComposableEnvironment

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
        Effect(value: .greeted("Welcome back")),
        .fireAndForget { [analytics = environment.analytics] in analytics.track("launch") }
      )
    case let .greeted(greeting):
      state.greeting = greeting
      return .none
    case .search:
      return .none
    }
  }
)
