import DepsTesting
import GlobalDeps
import Testing
import WeatherFeature

@testable import GlobalApp

/// `@DependencyEntry` read through GlobalDeps in the test context.
@Suite struct GlobalEntryTests {
  @Test func entriesReadTheirTestValues() {
    let model = GreetingModel()
    #expect(model.greeting(for: "Blob") == "Hi, Blob (mock). sunny (mock)")
    #expect(model.pageSize == 1)
  }

  @Test func aScopeOverridesEntriesByKeyPathAndByKey() {
    withDependencies {
      $0.pageSize = 50
      $0.weather = WeatherClient { "snow" }
    } operation: {
      let model = GreetingModel()
      #expect(model.pageSize == 50)
      #expect(model.greeting(for: "Blob") == "Hi, Blob (mock). snow")
    }
    withDependencies {
      $0[Dependencies.WeatherKey.self] = WeatherClient { "fog" }
    } operation: {
      #expect(GreetingModel().weather.forecast() == "fog")
    }
  }
}
