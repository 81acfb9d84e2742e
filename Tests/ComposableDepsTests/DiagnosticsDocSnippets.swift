import Testing

@testable import ComposableDeps

// The behaviour Docs/Diagnostics.md describes, checked under the sanitizers with the suite (the
// guide's own snippets are built and tested by Scripts/check-guide-snippets.py).

// MARK: Docs/Diagnostics.md — "Where does this value come from?"

enum RetriesKey: DependencyKey {
  static let defaultValue = 3
  static let testValue = defaultValue
}
enum ClockKey: DependencyKey {
  static let defaultValue = "system clock"
  static let testValue = defaultValue
}
enum TimerKey: DependencyKey {
  static let defaultValue = "system timer"
  static let testValue = defaultValue
}
final class Logger: Sendable, CustomStringConvertible {
  var description: String { "Logger(level: info)" }
}
enum LoggerKey: DependencyKey {
  static var defaultValue: Logger { Logger() }
  static var testValue: Logger { defaultValue }
}

extension Dependencies {
  var retries: Int {
    get { self[RetriesKey.self] }
    set { self[RetriesKey.self] = newValue }
  }
  var clock: String {
    get { self[ClockKey.self] }
    set { self[ClockKey.self] = newValue }
  }
  var timer: String {
    get { self[TimerKey.self] }
    set { self[TimerKey.self] = newValue }
  }
  var logger: Logger { self[LoggerKey.self] }
}

private final class AppEnvironment: ComposableEnvironment {
  @Derived var feature: FeatureEnvironment
}
private final class FeatureEnvironment: ComposableEnvironment {
  @Derived<TimerEnvironment>(aliases: { $0.alias(\.timer, to: \.clock) }) var timers
}
private final class TimerEnvironment: ComposableEnvironment {
  @Dependency(\.timer) var timer
}

@Suite struct DiagnosticsDocSnippets {
  @Test func theReportExample() {
    let app = AppEnvironment().with(\.retries, 5)
    app.feature.with(\.clock, "test clock")
    _ = app.logger
    let timers = app.feature.timers
    timers.with(\.retries, 0)
    let report = timers.dependencyReport()  // or: debugPrint(timers), `po timers` in the debugger
    #expect(
      report == """
        TimerEnvironment (derived from FeatureEnvironment ← AppEnvironment)
        Dependencies:
          ClockKey = test clock — inherited from FeatureEnvironment (1 level up)
          LoggerKey = Logger(level: info) — default, built
          RetriesKey = 0 — set on this environment
          TimerKey = test clock — inherited from FeatureEnvironment (1 level up) as ClockKey
        Aliases:
          TimerKey → ClockKey — declared on this environment
        """)
  }
}
