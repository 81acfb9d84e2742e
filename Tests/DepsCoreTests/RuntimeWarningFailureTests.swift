import Testing

@testable import DepsCore

/// In a test process a runtime warning of the library is also a failure of the running test,
/// with the same text; a warning the test records is not.
@Suite struct RuntimeWarningFailureTests {
  @Test func aWarningFailsTheRunningSwiftTestingTest() {
    withKnownIssue {
      runtimeWarn("Misuse seen by Swift Testing.")
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["Misuse seen by Swift Testing."]
    }
  }

  @Test func everyOccurrenceFailsTheTestNotOnlyTheFirst() {
    for _ in 0..<3 {
      withKnownIssue {
        runtimeWarn("Repeated misuse.")
      } matching: { issue in
        issue.comments.map(\.rawValue) == ["Repeated misuse."]
      }
    }
  }

  @Test func aRecordedWarningDoesNotFailTheTest() {
    let (_, warnings) = RuntimeWarnings.recording { runtimeWarn("Recorded misuse.") }
    #expect(warnings == ["Recorded misuse."])
  }

  @Test func aWarningThatFailsTheTestIsNotAlsoPrinted() {
    let line = #line + 2
    withKnownIssue {
      runtimeWarn("Misuse the test expects.")
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["Misuse the test expects."]
    }
    let site = "\(#fileID):\(line):"
    #expect(RuntimeWarnings.loggedKeys.contains { $0.hasPrefix(site) })
    #expect(!RuntimeWarnings.printedKeys.contains { $0.hasPrefix(site) })
  }

  @Test func aRecordedWarningIsNotPrinted() {
    let line = #line + 1
    let (_, warnings) = RuntimeWarnings.recording { runtimeWarn("Recorded, not printed.") }
    #expect(warnings == ["Recorded, not printed."])
    let site = "\(#fileID):\(line):"
    #expect(RuntimeWarnings.loggedKeys.contains { $0.hasPrefix(site) })
    #expect(!RuntimeWarnings.printedKeys.contains { $0.hasPrefix(site) })
  }

  @Test func theLogKeysOnCallSiteAndKindNotOnText() {
    // One call site, messages that embed a value: logged once, whatever the value.
    let line = #line + 2
    for index in 0..<50 {
      _ = RuntimeWarnings.recording { runtimeWarn("Action \(index) was ignored.") }
    }
    // Only this test warns at this line; tests running in parallel log their own sites.
    let keys = RuntimeWarnings.loggedKeys.filter { $0.hasPrefix("\(#fileID):\(line):") }
    #expect(keys.count == 1)
  }
}
