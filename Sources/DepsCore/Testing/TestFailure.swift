/// Fails the running test with `message`: in Swift Testing when a Swift Testing test runs on the
/// current task, else in XCTest. Where no test framework is loaded, logs `message` with
/// ``DependencyContext/detectionNote``: the process is not a test, so it says why the library
/// thought it was and how to run it live.
///
/// The frameworks are found at run time (see ``SwiftTestingBridge`` and ``XCTestBridge``), so a
/// module that calls this links neither.
package func reportTestFailure(
  _ message: String,
  fileID: StaticString,
  filePath: StaticString,
  line: UInt,
  column: UInt
) {
  if !TestFailures.failRunningTest(
    message, fileID: fileID, filePath: filePath, line: line, column: column)
  {
    RuntimeWarnings.log(message + "\n\n" + DependencyContext.detectionNote)
  }
}

/// The one path by which the library fails a test.
package enum TestFailures {
  /// Fails the running test: Swift Testing's when one runs on this task, else XCTest's.
  ///
  /// - Returns: `false` when neither framework is loaded, and nothing was reported.
  package static func failRunningTest(
    _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> Bool {
    if SwiftTestingBridge.isTestRunning {
      SwiftTestingBridge.recordIssue(
        message, fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
      return true
    }
    return XCTestBridge.fail(message, file: filePath, line: line)
  }
}
