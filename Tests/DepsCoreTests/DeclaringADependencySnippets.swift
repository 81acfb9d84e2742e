import Testing

@testable import DepsCore

// The code of the DocC article "Declaring a dependency" (DepsCore.docc/DeclaringADependency.md),
// compiled so the docs cannot rot.

struct WeatherClient: Sendable {
  var forecast: @Sendable (_ city: String) async throws -> String
}

extension WeatherClient {
  static let live = WeatherClient { city in "Sunny in \(city)" }
}

private enum WeatherClientKey: DependencyKey {
  static let defaultValue = WeatherClient.live
  static let testValue = WeatherClient(forecast: unimplemented("WeatherClient.forecast"))
}

extension Dependencies {
  var weatherClient: WeatherClient {
    get { self[WeatherClientKey.self] }
    set { self[WeatherClientKey.self] = newValue }
  }
}

/// A type that is its own key: `@Dependency(IDGenerator.self)` needs no `Dependencies` property.
struct IDGenerator: Sendable, DependencyKey {
  var next: @Sendable () -> Int
  static let defaultValue = IDGenerator { Int.random(in: 1...Int.max) }
  static let testValue = IDGenerator(next: unimplemented("IDGenerator.next", placeholder: 0))
}

@Suite struct DeclaringADependencySnippets {
  /// What an environment hands out: a `Dependencies` over a fresh store.
  private func freshDependencies() -> Dependencies {
    Dependencies(reader: DependencyNode(ownerName: "DeclaringADependencySnippets"))
  }

  @Test func aSetValueIsReadBack() async throws {
    var dependencies = freshDependencies()
    dependencies.weatherClient = WeatherClient { city in "Rain in \(city)" }
    #expect(try await dependencies.weatherClient.forecast("Paris") == "Rain in Paris")
    dependencies[IDGenerator.self] = IDGenerator { 7 }
    #expect(dependencies[IDGenerator.self].next() == 7)
  }

  @Test func aTestReadsTestValueAndUnimplementedEndpointsFailIt() async {
    let dependencies = freshDependencies()
    await withKnownIssue {
      _ = try await dependencies.weatherClient.forecast("Paris")
    }
    withKnownIssue {
      #expect(dependencies[IDGenerator.self].next() == 0)  // the placeholder
    }
  }
}
