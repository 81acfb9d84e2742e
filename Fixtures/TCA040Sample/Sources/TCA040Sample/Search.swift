import ComposableDeps  // was: import ComposableArchitecture
import Foundation

// TCA 0.40's Search case study, abridged: a debounced, cancellable search with TaskResult.

struct Location: Equatable, Identifiable {
  var id: Int
  var title: String

  init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}

struct WeatherClient {
  var search: @Sendable (String) async throws -> [Location]
  var forecast: @Sendable (Location) async throws -> String

  init(
    search: @escaping @Sendable (String) async throws -> [Location],
    forecast: @escaping @Sendable (Location) async throws -> String
  ) {
    self.search = search
    self.forecast = forecast
  }
}

struct SearchState: Equatable {
  var results: [Location] = []
  var searchQuery = ""
  var forecast: String?

  init() {}
}

enum SearchAction: Equatable {
  case forecastResponse(Location.ID, TaskResult<String>)
  case searchQueryChanged(String)
  case searchResponse(TaskResult<[Location]>)
  case searchResultTapped(Location)
}

struct SearchEnvironment {
  var weatherClient: WeatherClient
  var clock: any Clock<Duration>  // was: var mainQueue: AnySchedulerOf<DispatchQueue>

  init(weatherClient: WeatherClient, clock: any Clock<Duration>) {
    self.weatherClient = weatherClient
    self.clock = clock
  }
}

let searchReducer = Reducer<SearchState, SearchAction, SearchEnvironment> {
  state, action, environment in
  enum SearchLocationID {}
  enum SearchForecastID {}

  switch action {
  case .forecastResponse(_, .success(let forecast)):
    state.forecast = forecast
    return .none

  case .forecastResponse(_, .failure):
    state.forecast = nil
    return .none

  case .searchQueryChanged(let query):
    state.searchQuery = query
    // When the query is cleared we can clear the search results, but we have to make sure to
    // cancel any in-flight search requests too, otherwise we may get data coming in later.
    guard !query.isEmpty else {
      state.results = []
      state.forecast = nil
      return .cancel(id: SearchLocationID.self)
    }
    return .task {
      await .searchResponse(TaskResult { try await environment.weatherClient.search(query) })
    }
    // was: .debounce(id: SearchLocationID.self, for: 0.3, scheduler: environment.mainQueue)
    .debounce(id: SearchLocationID.self, for: .milliseconds(300), clock: environment.clock)

  case .searchResponse(.failure):
    state.results = []
    return .none

  case .searchResponse(.success(let results)):
    state.results = results
    return .none

  case .searchResultTapped(let location):
    return .task {
      await .forecastResponse(
        location.id, TaskResult { try await environment.weatherClient.forecast(location) })
    }
    .cancellable(id: SearchForecastID.self, cancelInFlight: true)
  }
}
