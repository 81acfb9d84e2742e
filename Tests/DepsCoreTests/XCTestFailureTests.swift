import DepsTestSupport
import XCTest

@testable import DepsCore

/// Checks that, in an XCTest test, `reportTestFailure` and unimplemented endpoints reach
/// `XCTFail`, which the library finds at run time.
final class XCTestFailureTests: FailureRecordingTestCase {
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
