import XCTest

@testable import DepsCore

/// Checks that, in an XCTest test, `reportTestFailure` and unimplemented endpoints reach
/// `XCTFail`, which the library finds at run time.
final class XCTestFailureTests: XCTestCase {
  /// The failures XCTest recorded inside ``capturingFailures(_:)``, kept instead of failing the test.
  private var recorded: [(description: String, line: Int)] = []
  private var isCapturing = false

  /// Runs `body`, keeping the failures it records instead of failing the test; the assertions
  /// outside `body` fail the test as usual.
  private func capturingFailures(_ body: () -> Void) {
    isCapturing = true
    defer { isCapturing = false }
    body()
  }

  #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
      guard isCapturing else { return super.record(issue) }
      recorded.append((issue.compactDescription, issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
  #else
    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
      guard isCapturing else {
        return super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
      recorded.append((description, lineNumber))
    }
  #endif

  func testSwiftTestingIsNotRunningThisTest() {
    XCTAssertFalse(TestReporter.isTestRunning)  // no Swift Testing test on this thread
    XCTAssertEqual(DependencyContext.current, .test)
  }

  func testARuntimeWarningFailsTheTestWithItsText() {
    let line = #line + 1
    capturingFailures { runtimeWarn("Misuse seen by XCTest.") }
    XCTAssertEqual(recorded.count, 1)
    XCTAssertEqual(recorded.first?.line, line)
    XCTAssertTrue(recorded.first?.description.contains("Misuse seen by XCTest.") ?? false)
  }

  func testARecordedRuntimeWarningDoesNotFailTheTest() {
    var warnings: [String] = []
    capturingFailures { (_, warnings) = RuntimeWarnings.recording { runtimeWarn("Recorded in XCTest.") } }
    XCTAssertEqual(warnings, ["Recorded in XCTest."])
    XCTAssertEqual(recorded.count, 0)
  }

  func testReportTestFailureCallsXCTFail() {
    capturingFailures {
      reportTestFailure("Boom from XCTest.", fileID: #fileID, filePath: #filePath, line: 12, column: 3)
    }
    XCTAssertEqual(recorded.count, 1)
    XCTAssertEqual(recorded.first?.line, 12)
    XCTAssertTrue(recorded.first?.description.contains("Boom from XCTest.") ?? false)
  }

  func testAnUnimplementedEndpointFailsTheTest() {
    let line = #line + 1
    let fetch: @Sendable (Int) -> String = unimplemented("NumberFact.fetch", placeholder: "placeholder")
    var result = ""
    capturingFailures { result = fetch(1) }
    XCTAssertEqual(result, "placeholder")
    XCTAssertEqual(recorded.count, 1)
    XCTAssertEqual(recorded.first?.line, line)
    XCTAssertTrue(
      recorded.first?.description.contains(UnimplementedTests.fetchMessage) ?? false,
      recorded.first?.description ?? "nothing recorded")
  }
}
