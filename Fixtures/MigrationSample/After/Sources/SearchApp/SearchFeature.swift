import ComposableDeps  // migration: `import ComposableDeps`

struct SearchState: Equatable {
  var query = ""
  var results: [String] = []
  var failure: String?
}

enum SearchAction: Equatable {
  case queryChanged(String)
  case clearTapped
  case loaded([String])
  case failed(String)
}

class SearchEnvironment: ComposableEnvironment {
  @Dependency(\.words) var words
  @Dependency(\.continuousClock) var clock  // migration: `@Dependency(\.continuousClock)`
}

private struct SearchID: Hashable, Sendable {}  // migration: an id is a value

let searchReducer = Reducer<SearchState, SearchAction, SearchEnvironment> {
  state, action, environment in
  switch action {
  case let .queryChanged(query):
    state.query = query
    guard !query.isEmpty else {
      state.results = []
      return .cancel(id: SearchID())  // migration: `.cancel(id: SearchID())`
    }
    // migration: `.run { send in await send(.loaded(try await load())) }`
    return .run { [words = environment.words] send in
      await send(.loaded(try await words.search(query)))
    } catch: { error, send in
      await send(.failed(String(describing: error)))
    }
    // migration: `.debounce(id: SearchID(), for: .milliseconds(300), clock: env.clock)`
    .debounce(id: SearchID(), for: .milliseconds(300), clock: environment.clock)

  case .clearTapped:
    state.query = ""
    state.results = []
    return .cancel(id: SearchID())  // migration: `.cancel(id: SearchID())`

  case let .loaded(results):
    state.results = results
    return .none

  case let .failed(message):
    state.failure = message
    return .none
  }
}
