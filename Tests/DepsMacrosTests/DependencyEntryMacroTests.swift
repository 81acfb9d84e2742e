#if Macros
  import SwiftSyntaxMacros
  import SwiftSyntaxMacrosTestSupport
  import XCTest

  @testable import DepsMacrosPlugin

  // The checks the expansions call are left unexpanded, so the text shows each call.
  private let macros: [String: any Macro.Type] = ["DependencyEntry": DependencyEntryMacro.self]

  /// The expansions of `@DependencyEntry`, by exact text.
  final class DependencyEntryMacroTests: XCTestCase {
    func testADefaultOnly() {
      assertMacroExpansion(
        """
        extension Dependencies {
          @DependencyEntry var clock: any Clock<Duration> = ContinuousClock()
        }
        """,
        expandedSource: """
          extension Dependencies {
            var clock: any Clock<Duration> {
                get {
                  func __dependencyEntryIsolationProbe() {
                  }
                  #sourceLocation(file: "test.swift", line: 2)
                  #_DependencyEntryIsolation(__dependencyEntryIsolationProbe, "clock")
                  #sourceLocation()
                  return self[__DependencyEntryKey_clock.self]
                }
                set {
                  self[__DependencyEntryKey_clock.self] = newValue
                }
            }

            #sourceLocation(file: "test.swift", line: 2)
            private nonisolated enum __DependencyEntryKey_clock: _DependencyEntryKey {
                #sourceLocation()
                typealias Value = any Clock<Duration>
                static var defaultValue: Value {
                    #sourceLocation(file: "test.swift", line: 2)
                    ContinuousClock()
                    #sourceLocation()
                }
                static var _propertyName: String {
                    "clock"
                }
            }

            #sourceLocation(file: "test.swift", line: 2)
            #_DependencyEntrySendable(\\Dependencies.clock, "clock")
            #sourceLocation()
          }
          """,
        macros: macros)
    }

    func testTestAndPreviewValues() {
      assertMacroExpansion(
        """
        nonisolated extension Dependencies {
          @DependencyEntry(test: WeatherClient.mock, preview: WeatherClient.preview)
          var weather: WeatherClient = .live
        }
        """,
        expandedSource: """
          nonisolated extension Dependencies {
            var weather: WeatherClient {
                get {
                  func __dependencyEntryIsolationProbe() {
                  }
                  #sourceLocation(file: "test.swift", line: 2)
                  #_DependencyEntryIsolation(__dependencyEntryIsolationProbe, "weather")
                  #sourceLocation()
                  return self[__DependencyEntryKey_weather.self]
                }
                set {
                  self[__DependencyEntryKey_weather.self] = newValue
                }
            }

            #sourceLocation(file: "test.swift", line: 2)
            private nonisolated enum __DependencyEntryKey_weather: _DependencyEntryKey {
                #sourceLocation()
                typealias Value = WeatherClient
                static var defaultValue: Value {
                    #sourceLocation(file: "test.swift", line: 3)
                    .live
                    #sourceLocation()
                }
                static var testValue: Value {
                    #sourceLocation(file: "test.swift", line: 2)
                    WeatherClient.mock
                    #sourceLocation()
                }
                static var previewValue: Value {
                    #sourceLocation(file: "test.swift", line: 2)
                    WeatherClient.preview
                    #sourceLocation()
                }
                static var _propertyName: String {
                    "weather"
                }
            }

            #sourceLocation(file: "test.swift", line: 2)
            #_DependencyEntrySendable(\\Dependencies.weather, "weather")
            #sourceLocation()
          }
          """,
        macros: macros)
    }

    func testANamedPublicKey() {
      assertMacroExpansion(
        """
        extension Dependencies {
          @DependencyEntry("WeatherKey", test: WeatherClient.mock) public var sharedWeather: WeatherClient = .live
        }
        """,
        expandedSource: """
          extension Dependencies {
            public var sharedWeather: WeatherClient {
                get {
                  func __dependencyEntryIsolationProbe() {
                  }
                  #sourceLocation(file: "test.swift", line: 2)
                  #_DependencyEntryIsolation(__dependencyEntryIsolationProbe, "sharedWeather")
                  #sourceLocation()
                  return self[WeatherKey.self]
                }
                set {
                  self[WeatherKey.self] = newValue
                }
            }

            #sourceLocation(file: "test.swift", line: 2)
            public nonisolated enum WeatherKey: _DependencyEntryKey {
                #sourceLocation()
                public typealias Value = WeatherClient
                public static var defaultValue: Value {
                    #sourceLocation(file: "test.swift", line: 2)
                    .live
                    #sourceLocation()
                }
                public static var testValue: Value {
                    #sourceLocation(file: "test.swift", line: 2)
                    WeatherClient.mock
                    #sourceLocation()
                }
                public static var _propertyName: String {
                    "sharedWeather"
                }
            }

            #sourceLocation(file: "test.swift", line: 2)
            #_DependencyEntrySendable(\\Dependencies.sharedWeather, "sharedWeather")
            #sourceLocation()
          }
          """,
        macros: macros)
    }
  }
#endif
