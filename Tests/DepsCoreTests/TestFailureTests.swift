import Testing

@testable import DepsCore

@Suite struct TestFailureTests {
  @Test func depsTestingsReporterIsFoundAtRunTime() {
    #expect(TestReporter.linked != nil)
    #expect(TestReporter.isTestRunning)
  }

  @Test func withoutDepsTestingTheFailureIsAWarningThatSaysHowToFixIt() {
    let (_, warnings) = RuntimeWarnings.recording {
      reportTestFailure(
        "Boom.", fileID: #fileID, filePath: #filePath, line: 1, column: 1, reporter: nil)
    }
    #expect(
      warnings == [
        """
        Boom.

        This test process does not link DepsTesting, so the library could not fail the running \
        test. To fix: add the "DepsTesting" product to the test target's dependencies.
        """
      ])
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
}
