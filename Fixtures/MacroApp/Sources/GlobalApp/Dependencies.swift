// GlobalDeps with one-line entries: a plain type reads them, and the feature module's named key.
import GlobalDeps
import WeatherFeature

struct Greeter: Sendable {
  var greet: @Sendable (String) -> String

  static let live = Greeter { "Hello, \($0)." }
  static let mock = Greeter { "Hi, \($0) (mock)." }
}

extension Dependencies {
  @DependencyEntry(test: Greeter.mock) var greeter: Greeter = .live
  @DependencyEntry(test: 1, preview: 2) var pageSize: Int = 20
}

struct GreetingModel {
  @Dependency(\.greeter) var greeter
  @Dependency(\.pageSize) var pageSize
  @Dependency(Dependencies.WeatherKey.self) var weather

  func greeting(for name: String) -> String {
    "\(greeter.greet(name)) \(weather.forecast())"
  }
}

/// What the app's dependencies read in this process, for `MacroAppCheck`.
public func globalReadings() -> [String] {
  let model = GreetingModel()
  return [model.greeting(for: "Blob"), "\(model.pageSize)"]
}
