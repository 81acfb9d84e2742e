// The weather client the first example declares a property for.
struct WeatherClient: Sendable {
  var forecast: @Sendable () -> String
}
enum WeatherClientKey: DependencyKey {
  static let defaultValue = WeatherClient { "sunny" }
}
