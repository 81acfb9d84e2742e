import Testing

@testable import ComposableDeps

// The keys of Docs/Diagnostics.md's report example.

private enum RetriesKey: DependencyKey { static let defaultValue = 3 }
private enum ClockKey: DependencyKey {
  static let defaultValue = "system clock"
  static let testValue = defaultValue
}
private enum TimerKey: DependencyKey {
  static let defaultValue = "system timer"
  static let testValue = defaultValue
}
private final class Logger: Sendable, CustomStringConvertible {
  var description: String { "Logger(level: info)" }
}
private enum LoggerKey: DependencyKey {
  static var defaultValue: Logger { Logger() }
  static var testValue: Logger { defaultValue }
}

extension Dependencies {
  fileprivate var retries: Int {
    get { self[RetriesKey.self] }
    set { self[RetriesKey.self] = newValue }
  }
  fileprivate var clock: String {
    get { self[ClockKey.self] }
    set { self[ClockKey.self] = newValue }
  }
  fileprivate var timer: String {
    get { self[TimerKey.self] }
    set { self[TimerKey.self] = newValue }
  }
  fileprivate var logger: Logger { self[LoggerKey.self] }
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

private final class ReportAppEnvironment: ComposableEnvironment {
  @Derived var feature: ReportFeatureEnvironment
}
private final class ReportFeatureEnvironment: ComposableEnvironment {
  @Derived<ReportLeafEnvironment>(aliases: { $0.alias(\.timer, to: \.clock) }) var leaf
}
private final class ReportLeafEnvironment: ComposableEnvironment {}

@Suite struct DependencyReportTests {
  init() {
    // The first alias of a key path in a process reads it once, to learn its key, which builds
    // its default in that tree; do it on a throwaway tree so the reports below are the same
    // whichever test runs first.
    _ = ReportLeafEnvironment().aliasing(\.timer, to: \.clock)
  }

  /// Docs/Diagnostics.md's example, "Where does this value come from?".
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

  @Test func anEmptyRoot() {
    #expect(
      ReportLeafEnvironment().dependencyReport() == """
        ReportLeafEnvironment (root)
        Dependencies: none
        Aliases: none
        """)
  }

  @Test func inheritedAliasedAndDefaultValues() {
    let app = ReportAppEnvironment().with(\.retries, 5)
    let leaf = app.feature.leaf
    #expect(
      leaf.dependencyReport() == """
        ReportLeafEnvironment (derived from ReportFeatureEnvironment ← ReportAppEnvironment)
        Dependencies:
          ClockKey — default, not yet built
          RetriesKey = 5 — inherited from ReportAppEnvironment (2 levels up)
          TimerKey — default of ClockKey, not yet built
        Aliases:
          TimerKey → ClockKey — declared on this environment
        """)

    _ = app.logger
    #expect(leaf.timer == "system clock")
    app.feature.with(\.clock, "test clock")
    leaf.with(\.retries, 0)
    #expect(
      leaf.dependencyReport() == """
        ReportLeafEnvironment (derived from ReportFeatureEnvironment ← ReportAppEnvironment)
        Dependencies:
          ClockKey = test clock — inherited from ReportFeatureEnvironment (1 level up)
          LoggerKey = Logger(level: info) — default, built
          RetriesKey = 0 — set on this environment
          TimerKey = test clock — inherited from ReportFeatureEnvironment (1 level up) as ClockKey
        Aliases:
          TimerKey → ClockKey — declared on this environment
        """)

    // The parent does not see the child's alias, nor its values.
    #expect(
      app.feature.dependencyReport() == """
        ReportFeatureEnvironment (derived from ReportAppEnvironment)
        Dependencies:
          ClockKey = test clock — set on this environment
          LoggerKey = Logger(level: info) — default, built
          RetriesKey = 5 — inherited from ReportAppEnvironment (1 level up)
        Aliases: none
        """)
  }

  @Test func aValueSetThroughAnAliasAndAMultiLineValue() {
    let app = ReportAppEnvironment()
    let leaf = app.feature.leaf.with(\.timer, "first line\nsecond line")
    #expect(
      leaf.dependencyReport() == """
        ReportLeafEnvironment (derived from ReportFeatureEnvironment ← ReportAppEnvironment)
        Dependencies:
          ClockKey = first line\\nsecond line — set on this environment as TimerKey
          TimerKey = first line\\nsecond line — set on this environment
        Aliases:
          TimerKey → ClockKey — declared on this environment
        """)
  }

  @Test func debugDescriptionIsTheReport() {
    let app = ReportAppEnvironment().with(\.retries, 1)
    #expect(app.debugDescription == app.dependencyReport())
    #expect(String(reflecting: app) == app.dependencyReport())
  }
}
