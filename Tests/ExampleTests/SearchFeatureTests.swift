import ComposableDeps
import DepsTesting
import ExampleFeatures
import Testing

@MainActor
@Suite struct SearchFeatureTests {
  @Test func searchesOnceTheUserStopsTyping() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: SearchState(), reducer: searchReducer,
      environment: SearchEnvironment().with(\.continuousClock, clock).with(\.searchClient, .mock))
    await store.send(.queryChanged("s")) {
      $0.query = "s"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("sw")) { $0.query = "sw" }
    await clock.advance(by: .milliseconds(200))
    // 400 ms after "s" but 200 after "sw": nothing searched yet.
    await store.send(.queryChanged("swi")) { $0.query = "swi" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.resultsLoaded(["swift", "swiftui", "switch"])) {
      $0.isSearching = false
      $0.results = ["swift", "swiftui", "switch"]
    }
    await store.finish()
  }

  @Test func aNewerQueryCancelsTheSearchInFlight() async {
    let clock = TestClock()
    // A slow client: each search takes a second on the test clock.
    let slow = SearchClient { query in
      try await clock.sleep(for: .seconds(1))
      return [query]
    }
    let store = TestStore(
      initialState: SearchState(), reducer: searchReducer,
      environment: SearchEnvironment().with(\.continuousClock, clock).with(\.searchClient, slow))
    await store.send(.queryChanged("a")) {
      $0.query = "a"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(500))
    // The search for "a" runs now; "ab" cancels it.
    await store.send(.queryChanged("ab")) { $0.query = "ab" }
    await clock.advance(by: .seconds(2))
    await store.receive(.resultsLoaded(["ab"])) {
      $0.isSearching = false
      $0.results = ["ab"]
    }
    await store.finish()
  }

  @Test func clearingTheQueryCancelsTheSearch() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: SearchState(), reducer: searchReducer,
      environment: SearchEnvironment().with(\.continuousClock, clock).with(\.searchClient, .mock))
    await store.send(.queryChanged("s")) {
      $0.query = "s"
      $0.isSearching = true
    }
    await store.send(.queryChanged("")) {
      $0.query = ""
      $0.isSearching = false
    }
    await clock.run()
    await store.finish()
  }

  @Test func aFailedSearchIsShown() async {
    struct Offline: Error {}
    let store = TestStore(
      initialState: SearchState(), reducer: searchReducer,
      environment: SearchEnvironment().with(\.continuousClock, ImmediateClock())
        .with(\.searchClient, SearchClient { _ in throw Offline() }))
    await store.send(.queryChanged("s")) {
      $0.query = "s"
      $0.isSearching = true
    }
    await store.receive(.searchFailed("Offline()")) {
      $0.isSearching = false
      $0.failure = "Offline()"
    }
    await store.finish()
  }
}
