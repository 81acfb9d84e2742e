// A feature module that publishes a dependency: its entry names a public key type, which other
// modules use as well as the property.
import DepsCore

/// Tells the weather.
public struct WeatherClient: Sendable {
  /// Today's forecast.
  public var forecast: @Sendable () -> String

  /// A client that forecasts with `forecast`.
  public init(forecast: @escaping @Sendable () -> String) {
    self.forecast = forecast
  }

  /// The live client.
  public static let live = WeatherClient { "sunny (live)" }
  /// The tests' client.
  public static let mock = WeatherClient { "sunny (mock)" }
  /// The previews' client.
  public static let preview = WeatherClient { "sunny (preview)" }
}

extension Dependencies {
  /// The weather service; its key type is `Dependencies.WeatherKey`.
  @DependencyEntry("WeatherKey", test: WeatherClient.mock, preview: WeatherClient.preview)
  public var weather: WeatherClient = .live
}
