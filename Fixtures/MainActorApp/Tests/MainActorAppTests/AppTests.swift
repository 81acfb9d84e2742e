import ComposableDeps
import DepsTesting
import Foundation
import Testing

@testable import MainActorApp

@Suite struct AppTests {
  @Test func aKeyWithoutNonisolatedIsRead() {
    let environment = GreetingReaderEnvironment()
    #expect(environment.greeting == "Hello")
    environment.with(\.greeting, "Hi")
    #expect(environment.greeting == "Hi")
    #expect(environment.greetingByKey == "Hi")
  }

  @Test func anAsyncKeyWithoutNonisolatedIsAwaited() async throws {
    let environment = GreetingReaderEnvironment()
    #expect(try await environment.motto.value == "Test it")
  }

  @Test func theSearchIsDebouncedAndTheOlderSearchCancelled() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: AppState(), reducer: appReducer,
      environment: RootEnvironment()
        .with(\.continuousClock, clock)
        .with(\.searchClient, SearchClient { query in ["\(query)!"] }))
    await store.send(.search(.queryChanged("s"))) { $0.search.query = "s" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.search(.queryChanged("sw"))) { $0.search.query = "sw" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.search(.resultsLoaded(["sw!"]))) { $0.search.results = ["sw!"] }
    await store.finish()
  }

  @Test func aSearchErrorBecomesAnAction() async {
    struct Offline: Error {}
    let clock = TestClock()
    let store = TestStore(
      initialState: SearchState(), reducer: searchReducer,
      environment: SearchEnvironment()
        .with(\.continuousClock, clock)
        .with(\.searchClient, SearchClient { _ in throw Offline() }))
    await store.send(.queryChanged("a")) { $0.query = "a" }
    await clock.run()
    await store.receive(.searchFailed("Offline()")) { $0.failure = "Offline()" }
    await store.finish()
  }

  @Test func theDemoPaneReadsItsOwnClientAndTheCounterTheRoots() async {
    let store = TestStore(
      initialState: AppState(), reducer: appReducer,
      environment: RootEnvironment().with(\.numberFact, NumberFact { "\($0) is a mock." }))
    await store.send(.demoModeToggled) {
      $0.isDemoModeOn = true
      $0.demo = CounterState()
    }
    await store.send(.demo(.factButtonTapped)) { $0.demo?.isLoadingFact = true }
    await store.receive(.demo(.factResponse("0 is a demo fact."))) {
      $0.demo?.isLoadingFact = false
      $0.demo?.fact = "0 is a demo fact."
    }
    await store.send(.counter(.factButtonTapped)) { $0.counter.isLoadingFact = true }
    await store.receive(.counter(.factResponse("0 is a mock."))) {
      $0.counter.isLoadingFact = false
      $0.counter.fact = "0 is a mock."
    }
  }

  @Test func anObservedStoreScopesToAFeature() async {
    let store = Store(
      initialState: AppState(), reducer: appReducer, environment: RootEnvironment())
    let counter = store.scope(state: \.counter, action: /AppAction.counter)
    counter.send(.incrementButtonTapped)
    #expect(store.state.counter.count == 1)
    #expect(counter.state.count == 1)
  }
}
