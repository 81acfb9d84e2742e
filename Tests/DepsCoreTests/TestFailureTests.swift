import Testing

@testable import DepsCore

@Suite struct TestFailureTests {
  @Test func swiftTestingIsFoundAtRunTime() {
    #expect(SwiftTestingBridge.isAvailable)
    #expect(SwiftTestingBridge.isTestRunning)
    #expect(XCTestBridge.isAvailable)
  }

  @Test func recordsAnIssueInTheRunningSwiftTestingTest() {
    withKnownIssue {
      reportTestFailure("Boom: the exact text.", fileID: #fileID, filePath: #filePath, line: 7, column: 9)
    } matching: { issue in
      issue.description.contains("Boom: the exact text.")
        && issue.sourceLocation?.line == 7 && issue.sourceLocation?.column == 9
        && issue.sourceLocation?.fileID == #fileID
    }
  }

  @Test func recordsFromAChildTaskOfTheTestToo() async {
    await withKnownIssue {
      // A task-local test: child tasks see it, so this is still the running test.
      await Task {
        reportTestFailure("From a task.", fileID: #fileID, filePath: #filePath, line: 1, column: 1)
      }.value
    } matching: { issue in
      issue.description.contains("From a task.")
    }
  }

  @Test func manyIssuesInARowAreEachRecorded() {
    // Repeats the call so that a mistake in ownership of the bridged values (a double release)
    // would crash the test process.
    withKnownIssue {
      for index in 0..<20 {
        reportTestFailure("Issue \(index)", fileID: #fileID, filePath: #filePath, line: 1, column: 1)
      }
    } matching: { issue in
      issue.description.contains("Issue ")
    }
  }

  @Test func withoutATestFrameworkTheFailureSaysToLinkDepsTesting() {
    #expect(
      TestFailures.noFrameworkNote == """
        No test failed: neither XCTest nor Swift Testing is loaded in this process. \
        \(DependencyContext.detectionNote) To fix: in a test target, add DepsTesting to its \
        dependencies (it links both test frameworks); in an app or a tool, run it live.
        """)
    #expect(DependencyContext.detectionNote.hasPrefix("This process runs in the test context: "))
    #expect(
      DependencyContext.detectionNote.hasSuffix("set DEPS_CONTEXT=live in its environment to run it live."))
  }
}
