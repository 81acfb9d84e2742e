import ComposableDeps
import DepsTesting
import Testing

// The code of Docs/Effects.md (and the migration guide's Effects section), compiled so the docs
// cannot rot. Wrapped in an enum only because ExampleFeatures declares a search feature too.

private enum WordsClientKey: DependencyKey {
  static let defaultValue = EffectsGuide.WordsClient { query in [query] }
  static let testValue = defaultValue
}

extension Dependencies {
  fileprivate var words: EffectsGuide.WordsClient {
    get { self[WordsClientKey.self] }
    set { self[WordsClientKey.self] = newValue }
  }
}

private struct SearchID: Hashable, Sendable {}

@MainActor
@Suite struct EffectsGuide {
  struct SearchState: Equatable {
    var query = ""
    var results: [String] = []
    var failure: String?
  }

  enum SearchAction: Equatable {
    case queryChanged(String)
    case cancelTapped
    case loaded([String])
    case failed(String)
  }

  struct WordsClient: Sendable {
    var search: @Sendable (String) async throws -> [String]
  }

  final class SearchEnvironment: ComposableEnvironment {
    @Dependency(\.words) var words
    @Dependency(\.continuousClock) var clock
  }

  static let searchReducer = Reducer<SearchState, SearchAction, SearchEnvironment> {
    state, action, environment in
    switch action {
    case .queryChanged(let query):
      state.query = query
      let words = environment.words
      return .run { send in
        await send(.loaded(try await words.search(query)))
      } catch: { error, send in
        await send(.failed(String(describing: error)))
      }
      .debounce(id: SearchID(), for: .milliseconds(300), clock: environment.clock)
    case .cancelTapped:
      return .cancel(id: SearchID())
    case .loaded(let results):
      state.results = results
      return .none
    case .failed(let message):
      state.failure = message
      return .none
    }
  }

  @Test func searchesAfterTheUserStopsTyping() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: SearchState(), reducer: Self.searchReducer,
      environment: SearchEnvironment()
        .with(\.continuousClock, clock)
        .with(\.words, WordsClient { query in [query.uppercased()] }))
    await store.send(.queryChanged("a")) { $0.query = "a" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.loaded(["A"])) { $0.results = ["A"] }
    await store.finish()
  }

  func search(_ store: Store<SearchState, SearchAction, SearchEnvironment>) async {
    await store.send(.queryChanged("swift")).finish()
  }

  @Test func aStoreTellsWhenTheSearchIsDone() async {
    let store = Store(
      initialState: SearchState(), reducer: Self.searchReducer,
      environment: SearchEnvironment().with(\.continuousClock, ImmediateClock()))
    await search(store)
    #expect(store.state.results == ["swift"])
  }

  @Test func cancelTappedCancelsTheWaitingSearch() async {
    let clock = TestClock()
    let store = Store(
      initialState: SearchState(), reducer: Self.searchReducer,
      environment: SearchEnvironment().with(\.continuousClock, clock))
    let task = store.send(.queryChanged("swift"))
    store.send(.cancelTapped)
    await clock.run()
    await task.finish()
    #expect(store.state.results == [])
  }
}
