/// Fails the running test with `message`: in Swift Testing when a Swift Testing test runs on the
/// current task, else in XCTest; prints a runtime warning when neither framework is loaded.
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
  if SwiftTestingBridge.isTestRunning {
    SwiftTestingBridge.recordIssue(
      message, fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
  } else if XCTestBridge.fail(message, file: filePath, line: line) {
    return
  } else {
    runtimeWarn(message)
  }
}
