/// Fails the running test with `message`: in Swift Testing when a Swift Testing test runs on the
/// current task, else in XCTest. Where neither framework is loaded, logs `message` with what to
/// do about it (``TestFailures/noFrameworkNote``).
///
/// This is the library's one failure path: `unimplemented` endpoints, runtime warnings in a test
/// process and every `TestStore` failure go through it. The frameworks are found at run time
/// (see ``SwiftTestingBridge`` and ``XCTestBridge``), so a test target fails even when it links
/// only `DepsCore`; `DepsTesting` links both frameworks, which guarantees they are loaded.
package func reportTestFailure(
  _ message: String,
  fileID: StaticString,
  filePath: StaticString,
  line: UInt,
  column: UInt
) {
  TestFailures.report(message, fileID: "\(fileID)", filePath: filePath, line: line, column: column)
}

/// The one path by which the library fails a test.
package enum TestFailures {
  /// Fails the running test, or logs `message` and ``noFrameworkNote`` when no test framework is
  /// loaded. For callers that only have a file ID as a `String`.
  package static func report(
    _ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt
  ) {
    if !failRunningTest(message, fileID: fileID, filePath: filePath, line: line, column: column) {
      RuntimeWarnings.log(message + "\n\n" + noFrameworkNote)
    }
  }

  /// Fails the running test: Swift Testing's when one runs on this task, else XCTest's.
  ///
  /// - Returns: `false` when neither framework is loaded, and nothing was reported.
  package static func failRunningTest(
    _ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt
  ) -> Bool {
    if SwiftTestingBridge.isTestRunning {
      SwiftTestingBridge.recordIssue(
        message, fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
      return true
    }
    return XCTestBridge.fail(message, file: filePath, line: line)
  }

  /// What a failure reported where no test framework is loaded ends with: the detected context,
  /// why, and the two fixes (link `DepsTesting`, or run live).
  package static var noFrameworkNote: String {
    """
    No test failed: neither XCTest nor Swift Testing is loaded in this process. \
    \(DependencyContext.detectionNote) To fix: in a test target, add DepsTesting to its \
    dependencies (it links both test frameworks); in an app or a tool, run it live.
    """
  }
}
