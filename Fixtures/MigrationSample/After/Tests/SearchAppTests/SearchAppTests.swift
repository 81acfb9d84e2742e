import DepsTesting  // migration: `DepsTesting` in test targets
import XCTest

@testable import SearchApp

@MainActor
final class SearchAppTests: XCTestCase {
  // migration: delete the call

  func testSearchIsDebounced() async {
    let clock = TestClock()  // migration: `TestClock()` in tests
    let store = TestStore(
      initialState: SearchState(),
      reducer: searchReducer,
      environment: SearchEnvironment()
        .with(\.continuousClock, clock)  // migration: `.with(\.continuousClock, clock)`
        .with(\.words, WordsClient { query in ["\(query)ple"] })
    )
    await store.send(.queryChanged("a")) { $0.query = "a" }
    await store.send(.queryChanged("ap")) { $0.query = "ap" }
    await clock.advance(by: .milliseconds(300))  // migration: `await clock.advance(by: .milliseconds(300))`
    await store.receive(.loaded(["apple"])) { $0.results = ["apple"] }
  }

  func testClearingCancelsTheSearch() async {
    let clock = TestClock()  // migration: `TestClock()` in tests
    let store = TestStore(
      initialState: SearchState(),
      reducer: searchReducer,
      environment: SearchEnvironment().with(\.continuousClock, clock)  // migration: `.with(\.continuousClock, clock)`
    )
    await store.send(.queryChanged("ap")) { $0.query = "ap" }
    await store.send(.clearTapped) { $0.query = "" }
    await clock.run()  // migration: `await clock.run()`
  }

  func testLaunchGreets() async {
    let store = TestStore(
      initialState: AppState(),
      reducer: appReducer,
      environment: AppEnvironment().with(\.analytics, AnalyticsClient { _ in })
    )
    await store.send(.appLaunched)
    await store.receive(.greeted("Welcome back")) { $0.greeting = "Welcome back" }
  }
}
