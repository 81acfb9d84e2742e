import ComposableDeps
import DepsTestSupport
import Testing
import XCTest

@testable import DepsCore

/// A client whose key declares no `testValue`: a test that reads it unknowingly reads the live one.
private enum LiveClientKey: DependencyKey {
  static let defaultValue = "live client"
}

/// A key that opts out on purpose.
private enum OptedOutClientKey: DependencyKey {
  static let defaultValue = "live on purpose"
  static let testValue = defaultValue
}

extension Dependencies {
  fileprivate var liveClient: String {
    get { self[LiveClientKey.self] }
    set { self[LiveClientKey.self] = newValue }
  }
  fileprivate var optedOutClient: String { self[OptedOutClientKey.self] }
}

private final class LiveClientEnvironment: ComposableEnvironment {
  static let liveClientLine = #line + 1
  @Dependency(\.liveClient) var liveClient
  @Dependency(\.optedOutClient) var optedOutClient
  static let liveClientByKeyLine = #line + 1
  @Dependency(LiveClientKey.self) var liveClientByKey
  @Derived var child: LiveClientChildEnvironment
}

private final class LiveClientChildEnvironment: ComposableEnvironment {
  @Dependency(\.liveClient) var liveClient
}

/// The lines of `LiveClientEnvironment.liveClient`'s declaration, and of `liveClientByKey`'s.
private let liveClientLine = LiveClientEnvironment.liveClientLine
private let liveClientByKeyLine = LiveClientEnvironment.liveClientByKeyLine

/// The failure of a read of `LiveClientKey` through the `@Dependency` declared at `line` of this
/// file, or through no `@Dependency` for `nil`.
private func liveClientFailure(line: Int?) -> String {
  missingTestValueFailure(
    "LiveClientKey", declaredAt: line.map { "ComposableDepsTests/MissingTestValueTests.swift:\($0)" })
}

@Suite struct ComposableMissingTestValueTests {
  @Test func aReadThroughADependencyNamesItsDeclaration() {
    let env = LiveClientEnvironment()
    var value = ""
    #expect(recordedIssues { value = env.liveClient } == [liveClientFailure(line: liveClientLine)])
    #expect(value == "live client")
  }

  @Test func aReadByKeyTypeNamesItsDeclarationToo() {
    let env = LiveClientEnvironment()
    #expect(recordedIssues { _ = env.liveClientByKey } == [liveClientFailure(line: liveClientByKeyLine)])
  }

  @Test func aReadThroughTheSubscriptNamesNoDeclaration() {
    let env = LiveClientEnvironment()
    #expect(recordedIssues { _ = env[\.liveClient] } == [liveClientFailure(line: nil)])
  }

  @Test func eachRootEnvironmentReportsOncePerKey() {
    let env = LiveClientEnvironment()
    let issues = recordedIssues {
      _ = env.liveClient
      _ = env.liveClientByKey
      _ = env.child.liveClient
      env.with(\.optedOutClient2, 1)  // a write: the next reads resolve again
      _ = env.child.liveClient
    }
    #expect(issues == [liveClientFailure(line: liveClientLine)])
    #expect(
      recordedIssues { _ = LiveClientEnvironment().liveClient } == [liveClientFailure(line: liveClientLine)])
  }

  @Test func anOverrideIsReadWithoutBuildingTheDefault() {
    let env = LiveClientEnvironment().with(\.liveClient, "mock")
    let issues = recordedIssues {
      #expect(env.liveClient == "mock")
      #expect(env.child.liveClient == "mock")
    }
    #expect(issues == [])
    #expect(
      env.dependencyReport() == """
        LiveClientEnvironment (root)
        Dependencies:
          LiveClientKey = mock — set on this environment
        Aliases: none
        """)
  }

  @Test func anOptedOutKeyIsReadWithoutFailure() {
    #expect(LiveClientEnvironment().optedOutClient == "live on purpose")
  }
}

extension Dependencies {
  /// A dependency written between reads, to empty the read caches.
  fileprivate var optedOutClient2: Int {
    get { self[OptedOutClient2Key.self] }
    set { self[OptedOutClient2Key.self] = newValue }
  }
}

private enum OptedOutClient2Key: DependencyKey {
  static let defaultValue = 0
  static let testValue = 0
}

/// The same failure under XCTest, and the process-wide switch that makes it a warning.
final class ComposableMissingTestValueXCTests: FailureRecordingTestCase {
  func testAReadOfAKeyWithoutTestValueFailsTheXCTest() {
    let env = LiveClientEnvironment()
    var value = ""
    capturingFailures {
      value = env.liveClient
      _ = env.liveClient
    }
    XCTAssertEqual(value, "live client")
    XCTAssertEqual(recorded.map(\.description), [liveClientFailure(line: liveClientLine)])
  }

  func testTheProcessWideSwitchTurnsTheFailureIntoAWarning() {
    XCTAssertEqual(Dependencies.missingTestValue, .failure)
    Dependencies.missingTestValue = .warning
    defer { Dependencies.missingTestValue = .failure }
    XCTAssertEqual(Dependencies.missingTestValue, .warning)
    var warnings: [String] = []
    capturingFailures {
      (_, warnings) = RuntimeWarnings.recording { LiveClientEnvironment().liveClient }
    }
    XCTAssertEqual(warnings, [liveClientFailure(line: liveClientLine)])
    XCTAssertEqual(recorded.count, 0)
  }
}
