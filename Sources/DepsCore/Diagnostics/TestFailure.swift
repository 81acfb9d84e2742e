/// What `DepsTesting` provides to the rest of the library: the one link to the test frameworks.
///
/// `DepsCore`, which apps link, links no test framework: it finds `DepsTesting`'s conforming type at
/// run time by name (``TestReporter``), so a test process that links `DepsTesting` reports through
/// it, and an app never loads a test framework.
package protocol TestFrameworkReporting: Sendable {
  /// Whether a Swift Testing test is running on the current task.
  static var isTestRunning: Bool { get }

  /// Fails the running test with `message`, at the given source location.
  static func recordIssue(
    _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)

  /// The test running on the current task (Swift Testing: the test case) or in the process
  /// (XCTest: the test method), if any. An XCTest test's end is told to ``RunningTests/ended(_:)``.
  static func currentTest() -> RunningTest?
}

/// A running test, as ``RunningTests`` tells it apart from the others.
package struct RunningTest: Sendable {
  /// Tells this test (this case of a parameterized one) from every other that ran in the process.
  package var id: ID
  package var name: String

  package init(id: some Hashable & Sendable, name: String) {
    self.id = ID(value: id)
    self.name = name
  }

  /// A framework's identity of a test.
  package struct ID: Hashable, @unchecked Sendable {
    // @unchecked: made only from a `Sendable` value (see `init`).
    let value: AnyHashable
  }
}

/// The running test, through `DepsTesting`'s reporter, and the test ends the framework tells.
package enum RunningTests {
  /// `nil` outside tests, off a Swift Testing test's task, or without `DepsTesting` linked.
  package static func current() -> RunningTest? {
    TestReporter.linked?.currentTest()
  }

  private static let endHandlers = Locked<[EndHandler]>([])

  /// What is done as a test ends: `shutDown` in its teardown, while it still runs (its failures
  /// are the test's), `drop` once it has ended.
  package struct EndHandler: Sendable {
    package var shutDown: @Sendable (RunningTest) async -> Void
    package var drop: @Sendable (RunningTest) -> Void

    package init(
      shutDown: @escaping @Sendable (RunningTest) async -> Void,
      drop: @escaping @Sendable (RunningTest) -> Void
    ) {
      (self.shutDown, self.drop) = (shutDown, drop)
    }
  }

  /// Calls `handler` for each test whose end the framework tells from now on.
  package static func onEnd(_ handler: EndHandler) {
    endHandlers.withLock { $0.append(handler) }
  }

  /// Tells the handlers that `test` is ending: its teardown, on its own task; from `DepsTesting`.
  package static func ending(_ test: RunningTest) async {
    for handler in endHandlers.withLock({ $0 }) { await handler.shutDown(test) }
  }

  /// Tells the handlers that `test` ended, its values shut down; from `DepsTesting`.
  package static func ended(_ test: RunningTest) {
    for handler in endHandlers.withLock({ $0 }) { handler.drop(test) }
  }
}

/// Finds `DepsTesting`'s reporter, once per process.
package enum TestReporter {
  /// The mangled name of `DepsTesting.TestFrameworkReporter` (an enum), as `_mangledTypeName` gives.
  package static let typeName = "11DepsTesting21TestFrameworkReporterO"

  package static let linked: (any TestFrameworkReporting.Type)? =
    _typeByName(typeName) as? any TestFrameworkReporting.Type

  package static var isTestRunning: Bool { linked?.isTestRunning ?? false }
}

/// Fails the running test with `message` through `DepsTesting`'s reporter (Swift Testing when one
/// of its tests runs on this task, else XCTest); without `DepsTesting`, a runtime warning saying so.
package func reportTestFailure(
  _ message: String,
  fileID: StaticString,
  filePath: StaticString,
  line: UInt,
  column: UInt,
  reporter: (any TestFrameworkReporting.Type)? = TestReporter.linked
) {
  guard let reporter else {
    runtimeWarn(message + "\n\n" + TestReporter.notLinkedHint)
    return
  }
  reporter.recordIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

extension TestReporter {
  static let notLinkedHint = """
    This test process does not link DepsTesting, so the library could not fail the running test. \
    To fix: add the "DepsTesting" product to the test target's dependencies.
    """
}

/// The failure path for runtime warnings: in a test process a warning also fails the running test.
enum TestFailures {
  /// `false` when the process does not link `DepsTesting`, and nothing was reported.
  static func failRunningTest(
    _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> Bool {
    guard let reporter = TestReporter.linked else { return false }
    reporter.recordIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    return true
  }
}
