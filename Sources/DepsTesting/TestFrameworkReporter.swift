import DepsCore
import Testing
import XCTest

/// The library's one link to XCTest and Swift Testing: every failure the library reports in a
/// test process (`TestStore`, `unimplemented`, built-in dependencies' test values, misuse)
/// arrives here. `DepsCore` finds this type at run time by its name (`TestReporter.typeName`).
package enum TestFrameworkReporter: TestFrameworkReporting {
  /// Whether a Swift Testing test runs on the current task. XCTest has no such question; its
  /// processes are told by their arguments and environment (see `DependencyContext`).
  package static var isTestRunning: Bool { Test.current != nil }

  package static func recordIssue(
    _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
          fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
    } else {
      XCTFail(message, file: filePath, line: line)
    }
  }
}
