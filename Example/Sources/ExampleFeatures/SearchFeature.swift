import ComposableDeps

/// The state of a search field and its results.
public struct SearchState: Equatable, Sendable {
  /// What the user typed.
  public var query = ""
  /// The results of the last search that finished.
  public var results: [String] = []
  /// Whether a search is waiting or running.
  public var isSearching = false
  /// Why the last search failed; `nil` after a search that succeeded.
  public var failure: String?

  /// Creates an empty search.
  public init() {}
}

/// What happens in a search: typing, and what the client answered.
public enum SearchAction: Equatable, Sendable {
  /// The user changed the query.
  case queryChanged(String)
  /// The search client answered.
  case resultsLoaded([String])
  /// The search client failed.
  case searchFailed(String)
}

/// Searches a catalog of words: the search feature's service.
///
/// ```swift
/// let environment = SearchEnvironment().with(\.searchClient, .mock)
/// ```
public struct SearchClient: Sendable {
  /// Returns the words that match `query`.
  public var search: @Sendable (_ query: String) async throws -> [String]

  /// Creates a client from its endpoint.
  ///
  /// - Parameter search: Returns the words that match the query it is given.
  public init(search: @escaping @Sendable (_ query: String) async throws -> [String]) {
    self.search = search
  }
}

extension SearchClient {
  /// The client the app uses: searches a built-in catalog after a short pause that stands in for
  /// a network round trip.
  public static let live = SearchClient { query in
    try await Task.sleep(for: .milliseconds(20))
    return try await mock.search(query)
  }

  /// A client that answers at once from the built-in catalog.
  public static let mock = SearchClient { query in
    catalog.filter { $0.hasPrefix(query.lowercased()) }
  }

  private static let catalog = ["swift", "swiftui", "switch", "sync", "syntax", "system"]
}

/// The key of ``Dependencies/searchClient``: the live client in the app, an unimplemented one in
/// tests.
private enum SearchClientKey: DependencyKey {
  static let defaultValue = SearchClient.live
  static let testValue = SearchClient(search: unimplemented("SearchClient.search", placeholder: []))
}

extension Dependencies {
  /// The client that searches; ``SearchClient/live`` unless overridden.
  public var searchClient: SearchClient {
    get { self[SearchClientKey.self] }
    set { self[SearchClientKey.self] = newValue }
  }
}

/// The services of a search: the client, and the clock the search waits on while the user types.
public final class SearchEnvironment: ComposableEnvironment {
  /// The client that searches.
  @Dependency(\.searchClient) public var searchClient
  /// The clock the debounce waits on: a `TestClock` in tests.
  @Dependency(\.continuousClock) public var clock
}

/// The logic of a search: waits until the user stops typing for 300 ms, then searches; a newer
/// query cancels the search of an older one, waiting or running.
public let searchReducer = Reducer<SearchState, SearchAction, SearchEnvironment> {
  state, action, environment in
  struct SearchID: Hashable, Sendable {}
  switch action {
  case .queryChanged(let query):
    state.query = query
    guard !query.isEmpty else {
      state.results = []
      state.isSearching = false
      return .cancel(id: SearchID())
    }
    state.isSearching = true
    let client = environment.searchClient
    return .run { send in
      await send(.resultsLoaded(try await client.search(query)))
    } catch: { error, send in
      await send(.searchFailed(String(describing: error)))
    }
    .debounce(id: SearchID(), for: .milliseconds(300), clock: environment.clock)

  case .resultsLoaded(let results):
    state.isSearching = false
    state.results = results
    state.failure = nil
    return .none

  case .searchFailed(let failure):
    state.isSearching = false
    state.failure = failure
    return .none
  }
}
