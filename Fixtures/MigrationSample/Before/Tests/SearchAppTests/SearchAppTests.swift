import ComposableArchitecture
import ComposableEnvironment
import XCTest

@testable import SearchApp

@MainActor
final class SearchAppTests: XCTestCase {
  override func setUp() {
    super.setUp()
    Dependencies.clearAliases()
  }

  func testSearchIsDebounced() async {
    let scheduler = DispatchQueue.test
    let store = TestStore(
      initialState: SearchState(),
      reducer: searchReducer,
      environment: SearchEnvironment()
        .with(\.mainQueue, scheduler.eraseToAnyScheduler())
        .with(\.words, WordsClient { query in ["\(query)ple"] })
    )
    await store.send(.queryChanged("a")) { $0.query = "a" }
    await store.send(.queryChanged("ap")) { $0.query = "ap" }
    await scheduler.advance(by: 0.3)
    await store.receive(.loaded(["apple"])) { $0.results = ["apple"] }
  }

  func testClearingCancelsTheSearch() async {
    let scheduler = DispatchQueue.test
    let store = TestStore(
      initialState: SearchState(),
      reducer: searchReducer,
      environment: SearchEnvironment().with(\.mainQueue, scheduler.eraseToAnyScheduler())
    )
    await store.send(.queryChanged("ap")) { $0.query = "ap" }
    await store.send(.clearTapped) { $0.query = "" }
    await scheduler.run()
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
