// The names the examples of DependencyEntry.swift use: a service with live, mock and preview values.
public struct WeatherClient: Sendable {
  public var forecast: @Sendable () -> String
  public static let live = WeatherClient { "sunny" }
  public static let mock = WeatherClient { "mock" }
  public static let preview = WeatherClient { "preview" }
}
