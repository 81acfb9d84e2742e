// A debounced search with cancellation, the clock and a client from dependencies: the effects of
// Docs/Effects.md in a module with default MainActor isolation.
import ComposableDeps

nonisolated struct SearchClient: Sendable {
  var search: @Sendable (String) async throws -> [String]
}

private enum SearchClientKey: DependencyKey {
  static let defaultValue = SearchClient { query in ["\(query) (live)"] }
  static let testValue = SearchClient(search: unimplemented("SearchClient.search", placeholder: []))
}

nonisolated extension Dependencies {
  var searchClient: SearchClient {
    get { self[SearchClientKey.self] }
    set { self[SearchClientKey.self] = newValue }
  }
}

nonisolated final class SearchEnvironment: ComposableEnvironment {
  @Dependency(\.searchClient) var searchClient
  @Dependency(\.continuousClock) var clock
}

nonisolated struct SearchState: Equatable, Sendable {
  var query = ""
  var results: [String] = []
  var failure: String?
}

enum SearchAction: Equatable, Sendable {
  case queryChanged(String)
  case resultsLoaded([String])
  case searchFailed(String)
  case cancelTapped
}

nonisolated private struct SearchID: Hashable, Sendable {}

let searchReducer = Reducer<SearchState, SearchAction, SearchEnvironment> {
  state, action, environment in
  switch action {
  case .queryChanged(let query):
    state.query = query
    guard !query.isEmpty else { return .cancel(id: SearchID()) }
    let client = environment.searchClient
    return .run { send in
      await send(.resultsLoaded(try await client.search(query)))
    } catch: { error, send in
      await send(.searchFailed("\(error)"))
    }
    .debounce(id: SearchID(), for: .milliseconds(300), clock: environment.clock)

  case .resultsLoaded(let results):
    state.results = results
    state.failure = nil
    return .none

  case .searchFailed(let failure):
    state.failure = failure
    return .none

  case .cancelTapped:
    return .cancel(id: SearchID())
  }
}
