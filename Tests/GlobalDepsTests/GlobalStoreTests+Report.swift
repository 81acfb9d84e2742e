import Testing

@testable import DepsCore
@testable import GlobalDeps

private enum ReportRetriesKey: DependencyKey {
  static let defaultValue = 3
  static let testValue = defaultValue
}
private enum ReportClockKey: DependencyKey {
  static let defaultValue = "system clock"
  static let testValue = defaultValue
}
private enum ReportTimerKey: DependencyKey {
  static let defaultValue = "system timer"
  static let testValue = defaultValue
}

extension Dependencies {
  fileprivate var reportRetries: Int {
    get { self[ReportRetriesKey.self] }
    set { self[ReportRetriesKey.self] = newValue }
  }
  fileprivate var reportClock: String {
    get { self[ReportClockKey.self] }
    set { self[ReportClockKey.self] = newValue }
  }
  fileprivate var reportTimer: String {
    get { self[ReportTimerKey.self] }
    set { self[ReportTimerKey.self] = newValue }
  }
}

extension GlobalStoreTests {
  /// Reports and misuse of the process-wide store; serialized with the other store tests.
  @Suite struct Reports {
    init() {
      Dependencies.reset()
      Dependencies.clearAliases()
    }

    /// The store is process-wide: tests of other suites that run meanwhile may build defaults in
    /// it, so only this test's own keys (`Report…`) are compared, plus the report's frame.
    private func ownLines(_ report: String) -> String {
      report.split(separator: "\n").filter { !$0.hasPrefix("  ") || $0.contains("Report") }
        .joined(separator: "\n")
    }

    @Test func theStoreWithDefaultsAndAliases() {
      let environment = AppEnvironment()
        .with(\.reportRetries, 5)
        .aliasing(\.reportTimer, to: \.reportClock)
      #expect(environment[\.reportTimer] == "system clock")
      #expect(
        ownLines(environment.dependencyReport()) == """
          AppEnvironment (process-wide store)
          Dependencies:
            ReportClockKey = system clock — default, built
            ReportRetriesKey = 5 — set in the process-wide store
            ReportTimerKey = system clock — default of ReportClockKey, built
          Aliases:
            ReportTimerKey → ReportClockKey — declared process-wide
          """)
    }

    @Test func insideWithDependencies() {
      let environment = AppEnvironment()
        .with(\.reportRetries, 5)
        .aliasing(\.reportTimer, to: \.reportClock)
      let report = withDependencies {
        $0.reportClock = "scoped clock"
      } operation: {
        withDependencies {
          $0.reportRetries = 0
        } operation: {
          environment.dependencyReport()
        }
      }
      #expect(
        ownLines(report) == """
          AppEnvironment (process-wide store, inside withDependencies)
          Dependencies:
            ReportClockKey = scoped clock — set in withDependencies
            ReportRetriesKey = 0 — set in withDependencies
            ReportTimerKey = scoped clock — set in withDependencies as ReportClockKey
          Aliases:
            ReportTimerKey → ReportClockKey — declared process-wide
          """)
      // Outside the scope, the store again.
      #expect(
        ownLines(environment.dependencyReport()).contains(
          "ReportRetriesKey = 5 — set in the process-wide store"))
    }

    @Test func aliasingADependencyToItselfIsRefused() {
      let (_, warnings) = RuntimeWarnings.recording {
        AppEnvironment().aliasing(\.reportClock, to: \.reportClock)
      }
      #expect(
        warnings == [
          """
          Alias refused: ReportClockKey was aliased to itself.

          An alias makes two different dependencies read one value; a dependency already reads its own. \
          To fix: remove this aliasing(_:to:) call, or name two different dependencies.
          """
        ])
      #expect(GlobalStore.node.ownAliases.isEmpty)
    }
  }
}
