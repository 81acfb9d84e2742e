import DepsTestSupport
import DepsTesting
import GlobalDeps
import Testing
import XCTest

@testable import DepsCore

/// A client whose key declares no `testValue`.
private enum LiveGreeterKey: DependencyKey {
  static let defaultValue = "live greeter"
}

extension Dependencies {
  fileprivate var liveGreeter: String {
    get { self[LiveGreeterKey.self] }
    set { self[LiveGreeterKey.self] = newValue }
  }
}

private struct GreeterModel {
  static let liveGreeterLine = #line + 1
  @Dependency(\.liveGreeter) var liveGreeter
}

/// The line of `GreeterModel.liveGreeter`'s declaration.
private let liveGreeterLine = GreeterModel.liveGreeterLine

/// The failure of a read of `LiveGreeterKey` through the `@Dependency` declared at `line` of this
/// file, or through no `@Dependency` for `nil`.
private func liveGreeterFailure(line: Int?) -> String {
  missingTestValueFailure(
    "LiveGreeterKey", declaredAt: line.map { "GlobalDepsTests/MissingTestValueTests.swift:\($0)" })
}

@Suite struct GlobalMissingTestValueTests {
  @Test func aTestReportsOncePerKey() {
    let issues = recordedIssues {
      withDependencies { _ in
      } operation: {
        #expect(GreeterModel().liveGreeter == "live greeter")
        _ = GreeterModel().liveGreeter
        withDependencies { _ in
        } operation: {
          _ = GreeterModel().liveGreeter
        }
      }
    }
    #expect(issues == [liveGreeterFailure(line: liveGreeterLine)])
    // The next outermost scope of the same test uses the test's values, built already.
    let sameTest = recordedIssues {
      withDependencies { _ in
      } operation: {
        _ = GreeterModel().liveGreeter
      }
    }
    #expect(sameTest == [])
    // Another test builds its own test values, and reports.
    let again = recordedIssues {
      asAnotherTest {
        withDependencies { _ in
        } operation: {
          _ = GreeterModel().liveGreeter
        }
      }
    }
    #expect(again == [liveGreeterFailure(line: liveGreeterLine)])
  }

  @Test func aReadThroughDependenciesNamesNoDeclaration() {
    let line = #line + 1
    let greeter = Dependency(\.liveGreeter)
    let issues = recordedIssues {
      withDependencies { _ in
      } operation: {
        _ = greeter.wrappedValue
        // Built already in this scope: no second report.
        withDependencies {
          _ = $0.liveGreeter
        } operation: {
        }
      }
    }
    #expect(issues == [liveGreeterFailure(line: line)])
    let fromAnUpdate = recordedIssues {
      asAnotherTest {
        withDependencies {
          _ = $0.liveGreeter
        } operation: {
        }
      }
    }
    #expect(fromAnUpdate == [liveGreeterFailure(line: nil)])
  }

  @Test func anOverrideInAScopeNeitherBuildsNorReports() {
    let issues = recordedIssues {
      withDependencies {
        $0.liveGreeter = "mock greeter"
      } operation: {
        #expect(GreeterModel().liveGreeter == "mock greeter")
      }
    }
    #expect(issues == [])
  }

  @Test(.dependencies { $0.liveGreeter = "trait greeter" })
  func anOverrideInTheTraitNeitherBuildsNorReports() {
    #expect(GreeterModel().liveGreeter == "trait greeter")
  }

  @Test(.dependencies { _ in })
  func aReadInTheTraitsScopeIsReportedOnceForTheTest() {
    let issues = recordedIssues {
      _ = GreeterModel().liveGreeter
      _ = GreeterModel().liveGreeter
    }
    #expect(issues == [liveGreeterFailure(line: liveGreeterLine)])
  }
}

/// The XCTest pattern: every test of the class in an `invokeTest` scope, which builds its own
/// test values and reports a key once per test.
final class GlobalMissingTestValueXCTests: FailureRecordingTestCase {
  override func invokeTest() {
    withDependencies { _ in
    } operation: {
      super.invokeTest()
    }
  }

  func testTheFirstTestReadingTheKeyFails() {
    capturingFailures {
      _ = GreeterModel().liveGreeter
      _ = GreeterModel().liveGreeter
    }
    XCTAssertEqual(recorded.map(\.description), [liveGreeterFailure(line: liveGreeterLine)])
  }

  func testTheSecondTestReadingTheKeyFailsToo() {
    capturingFailures { _ = GreeterModel().liveGreeter }
    XCTAssertEqual(recorded.map(\.description), [liveGreeterFailure(line: liveGreeterLine)])
  }
}

extension GlobalStoreTests {
  /// Outside any scope reads go to the process-wide store, which builds a default once per
  /// process (or since `Dependencies.reset()`, which this suite calls before each test).
  @Test func outsideAnyScopeAKeyIsReportedOncePerProcess() {
    let issues = recordedIssues {
      _ = GreeterModel().liveGreeter
      _ = GreeterModel().liveGreeter
      _ = AppEnvironment()[\.liveGreeter]
    }
    #expect(issues == [liveGreeterFailure(line: liveGreeterLine)])
  }
}
