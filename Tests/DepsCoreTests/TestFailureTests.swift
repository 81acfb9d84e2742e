import Testing

@testable import DepsCore

@Suite struct TestFailureTests {
  @Test func swiftTestingIsFoundAtRunTime() {
    #expect(SwiftTestingBridge.isAvailable)
    #expect(SwiftTestingBridge.isTestRunning)
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

  @Test func printArgs() {
    print("ARGS", CommandLine.arguments)
  }
}
