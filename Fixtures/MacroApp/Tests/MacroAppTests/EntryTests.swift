import ComposableDeps
import DepsTesting
import Testing
import WeatherFeature

@testable import ComposableApp

/// `@DependencyEntry` in a module with default MainActor isolation, read through ComposableDeps
/// environments in the test context.
@Suite struct ComposableEntryTests {
  @Test func entriesReadTheirTestValues() async {
    let environment = AppEnvironment()
    #expect(await environment.numberFact.fetch(3) == "3 is a mock number.")
    #expect(environment.greeting == "Hello, test.")
    #expect(environment.retries == 0)
  }

  @Test func aNamedPublicKeyFromAnotherModuleReadsByPropertyAndByKey() {
    let environment = AppEnvironment()
    #expect(environment.weather.forecast() == "sunny (mock)")
    #expect(environment.weatherByKey.forecast() == "sunny (mock)")
    #expect(environment.counter.weather.forecast() == "sunny (mock)")
  }

  @Test func entriesAreOverriddenByKeyPathAndByKey() {
    let environment = AppEnvironment()
      .with(\.greeting, "Hi.")
      .with(Dependencies.WeatherKey.self, WeatherClient { "rain" })
    #expect(environment.greeting == "Hi.")
    #expect(environment.weather.forecast() == "rain")
    #expect(environment.counter.weather.forecast() == "rain")
  }

  @MainActor @Test func aFeatureUsesAnEntry() async {
    let store = TestStore(
      initialState: CounterState(), reducer: counterReducer,
      environment: CounterEnvironment().with(\.numberFact, NumberFact { "\($0) is overridden." }))
    await store.send(.factButtonTapped)
    await store.receive(.factResponse("0 is overridden.")) { $0.fact = "0 is overridden." }
  }

  @Test func anEntryWithoutATestValueFailsTheTestThatReadsIt() {
    let texts = LockIsolated<[String]>([])
    withKnownIssue {
      #expect(AppEnvironment().launchCount == 1)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined(separator: "\n")
      texts.withValue { $0.append(text) }
      return true
    }
    #expect(
      texts.value == [
        """
        Dependencies.launchCount has no test value, but was read in a test.

          Read through: @Dependency declared at ComposableApp/Dependencies.swift:29

        In a test, a dependency that nobody overrides reads its key's testValue; \
        Dependencies.launchCount declares none, so the test got its defaultValue, the live value. \
        To fix: override it, or give the entry a test value, its test: argument, \
        `@DependencyEntry(test: …) var launchCount`: a mock, unimplemented endpoints, or the \
        initializer itself to read the live value on purpose.
        """
      ])
  }
}
