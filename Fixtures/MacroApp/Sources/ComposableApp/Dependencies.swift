// An app target with default MainActor isolation: its entries sit in a nonisolated extension, or
// are nonisolated vars, as any Dependencies property there.
import ComposableDeps
import WeatherFeature

nonisolated struct NumberFact: Sendable {
  var fetch: @Sendable (Int) async -> String

  static let live = NumberFact { "\($0) is a live number." }
  static let mock = NumberFact { "\($0) is a mock number." }
  static let preview = NumberFact { "\($0) is a preview number." }
}

nonisolated extension Dependencies {
  @DependencyEntry(test: NumberFact.mock, preview: NumberFact.preview) var numberFact: NumberFact = .live
  @DependencyEntry(test: "Hello, test.") var greeting: String = "Hello."
  // A default only: a test that reads it without overriding it fails.
  @DependencyEntry var launchCount: Int = 1
}

extension Dependencies {
  @DependencyEntry(test: 0) nonisolated var retries: Int = 3
}

nonisolated final class AppEnvironment: ComposableEnvironment {
  @Dependency(\.numberFact) var numberFact
  @Dependency(\.greeting) var greeting
  @Dependency(\.retries) var retries
  @Dependency(\.launchCount) var launchCount
  @Dependency(\.weather) var weather
  @Dependency(Dependencies.WeatherKey.self) var weatherByKey
  @Derived var counter: CounterEnvironment
}

nonisolated final class CounterEnvironment: ComposableEnvironment {
  @Dependency(\.numberFact) var numberFact
  @Dependency(Dependencies.WeatherKey.self) var weather
}

nonisolated struct CounterState: Equatable, Sendable {
  var count = 0
  var fact: String?
}

enum CounterAction: Equatable, Sendable {
  case factButtonTapped
  case factResponse(String)
}

let counterReducer = Reducer<CounterState, CounterAction, CounterEnvironment> {
  state, action, environment in
  switch action {
  case .factButtonTapped:
    let numberFact = environment.numberFact
    return .run { [count = state.count] send in
      await send(.factResponse(await numberFact.fetch(count)))
    }
  case .factResponse(let fact):
    state.fact = fact
    return .none
  }
}

/// What the app's dependencies read in this process, for `MacroAppCheck`.
public func composableReadings() async -> [String] {
  let environment = AppEnvironment()
  return [
    await environment.numberFact.fetch(7), environment.greeting, "\(environment.retries)",
    environment.weather.forecast(), environment.counter.weather.forecast(),
  ]
}
