import ComposableDeps
import DepsTestSupport
import Testing

// Setting a `@Dependency` property, as TCA 0.x tests set their environment:
// `store.environment.weatherClient.search = { ... }`.

private struct WeatherClient: Sendable {
  var search: @Sendable (String) -> [String]
  var forecast: @Sendable (String) -> String
}

private enum WeatherClientKey: DependencyKey {
  static let defaultValue = WeatherClient(search: { _ in ["live"] }, forecast: { _ in "live" })
  static let testValue = defaultValue
}

private enum ReadOnlyKey: DependencyKey {
  static let defaultValue = 5
  static let testValue = defaultValue
}

extension Dependencies {
  fileprivate var weatherClient: WeatherClient {
    get { self[WeatherClientKey.self] }
    set { self[WeatherClientKey.self] = newValue }
  }
  fileprivate var readOnly: Int { self[ReadOnlyKey.self] }
}

private final class WeatherEnvironment: ComposableEnvironment {
  @Dependency(\.weatherClient) var weatherClient
  @Dependency(APIClient.self) var apiClient
  @Dependency(\.readOnly) var readOnly
  @Derived var child: WeatherChildEnvironment
}

private final class WeatherChildEnvironment: ComposableEnvironment {
  @Dependency(\.weatherClient) var weatherClient
  @Dependency(APIClient.self) var apiClient
}

@Suite struct DependencySetterTests {
  @Test func settingOneEndpointKeepsTheOthers() {
    let environment = WeatherEnvironment()
    environment.weatherClient.search = { _ in ["mock"] }
    #expect(environment.weatherClient.search("a") == ["mock"])
    #expect(environment.weatherClient.forecast("a") == "live")
  }

  @Test func aSetValueHoldsForDescendantsAsWithDoes() {
    let environment = WeatherEnvironment()
    #expect(environment.child.weatherClient.search("a") == ["live"])
    environment.weatherClient.search = { _ in ["mock"] }
    environment.apiClient = APIClient(name: "set")
    #expect(environment.child.weatherClient.search("a") == ["mock"])
    #expect(environment.child.apiClient.name == "set")
    #expect(environment[\.weatherClient].search("a") == ["mock"])
  }

  @Test func aChildsOwnValueStaysTheChilds() {
    let environment = WeatherEnvironment()
    environment.child.apiClient = APIClient(name: "child")
    environment.apiClient = APIClient(name: "parent")
    #expect(environment.child.apiClient.name == "child")
    #expect(environment.apiClient.name == "parent")
  }

  @Test func aReadOnlyKeyPathIsNotSetAndWarns() {
    let environment = WeatherEnvironment()
    let (_, warnings) = RuntimeWarnings.recording {
      environment.readOnly = 6
    }
    #expect(environment.readOnly == 5)
    #expect(
      warnings == [
        """
        A @Dependency property of WeatherEnvironment was set, but its key path names a read-only \
        Dependencies property.

          Value type: Int

        The value was not changed. To fix: give the Dependencies property a setter \
        (`set { self[Key.self] = newValue }`), or declare the property with the key type, as in \
        `@Dependency(Key.self)`.
        """
      ])
  }
}

private struct Place: Equatable, Sendable {
  var id: Int
  var title: String
}

private struct PlaceClient: Sendable {
  var search: @Sendable (String) async throws -> [Place]
}

private enum PlaceClientKey: DependencyKey {
  static let defaultValue = PlaceClient(search: { _ in [] })
  static let testValue = PlaceClient(search: unimplemented("PlaceClient.search"))
}

extension Dependencies {
  fileprivate var placeClient: PlaceClient {
    get { self[PlaceClientKey.self] }
    set { self[PlaceClientKey.self] = newValue }
  }
}

private final class PlaceEnvironment: ComposableEnvironment {
  @Dependency(\.placeClient) var placeClient
  @Dependency(\.continuousClock) var clock
}

@MainActor @Suite struct AsyncEndpointSetterTests {
  @Test func anAsyncThrowingEndpointSetOnAFreshEnvironment() async throws {
    let environment = PlaceEnvironment()
    environment.placeClient.search = { _ in [Place(id: 2, title: "Paris")] }
    let found = try await environment.placeClient.search("P")
    #expect(found == [Place(id: 2, title: "Paris")])
  }
}
