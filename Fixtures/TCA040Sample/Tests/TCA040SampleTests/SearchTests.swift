import ComposableDeps  // was: import ComposableArchitecture
import DepsTesting  // (TCA's TestStore came with ComposableArchitecture)
import XCTest

@testable import TCA040Sample

private struct SomethingWentWrong: Equatable, Error {}

private let mockLocations = [
  Location(id: 1, title: "Brooklyn"),
  Location(id: 2, title: "Los Angeles"),
  Location(id: 3, title: "San Francisco"),
]

extension WeatherClient {
  static let failing = Self(
    search: { _ in throw SomethingWentWrong() },
    forecast: { _ in throw SomethingWentWrong() }
  )
}

@MainActor
final class SearchTests: XCTestCase {
  let clock = TestClock()  // was: let mainQueue = DispatchQueue.test

  func testSearchAndClearQuery() async {
    let store = TestStore(
      initialState: SearchState(),
      reducer: searchReducer,
      environment: SearchEnvironment(weatherClient: .failing, clock: clock)
    )

    store.environment.weatherClient.search = { _ in mockLocations }
    await store.send(.searchQueryChanged("S")) {
      $0.searchQuery = "S"
    }
    await clock.advance(by: .milliseconds(300))  // was: await mainQueue.advance(by: 0.3)
    await store.receive(.searchResponse(.success(mockLocations))) {
      $0.results = mockLocations
    }
    await store.send(.searchQueryChanged("")) {
      $0.results = []
      $0.searchQuery = ""
    }
  }

  func testSearchFailure() async {
    let store = TestStore(
      initialState: SearchState(),
      reducer: searchReducer,
      environment: SearchEnvironment(weatherClient: .failing, clock: clock)
    )

    await store.send(.searchQueryChanged("S")) {
      $0.searchQuery = "S"
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searchResponse(.failure(SomethingWentWrong())))
  }

  func testClearQueryCancelsInFlightSearchRequest() async {
    let store = TestStore(
      initialState: SearchState(),
      reducer: searchReducer,
      environment: SearchEnvironment(weatherClient: .failing, clock: clock)
    )
    store.environment.weatherClient.search = { _ in mockLocations }

    let searchQueryChanged = await store.send(.searchQueryChanged("S")) {
      $0.searchQuery = "S"
    }
    await clock.advance(by: .milliseconds(200))
    await store.send(.searchQueryChanged("")) {
      $0.searchQuery = ""
    }
    await clock.run()
    await searchQueryChanged.finish()
  }

  func testTapOnLocation() async {
    let store = TestStore(
      initialState: SearchState(),
      reducer: searchReducer,
      environment: SearchEnvironment(weatherClient: .failing, clock: clock)
    )
    store.environment.weatherClient.forecast = { "Sunny in \($0.title)" }

    await store.send(.searchResultTapped(mockLocations[0]))
    await store.receive(.forecastResponse(1, .success("Sunny in Brooklyn"))) {
      $0.forecast = "Sunny in Brooklyn"
    }
  }
}
