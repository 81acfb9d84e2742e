import ComposableDeps
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
  @Dependency(\.liveClient) var liveClient
  @Dependency(\.optedOutClient) var optedOutClient
  @Dependency(LiveClientKey.self) var liveClientByKey
  @Derived var child: LiveClientChildEnvironment
}

private final class LiveClientChildEnvironment: ComposableEnvironment {
  @Dependency(\.liveClient) var liveClient
}

/// The line of `LiveClientEnvironment.liveClient`'s declaration, and of `liveClientByKey`'s.
private let liveClientLine = 27
private let liveClientByKeyLine = 29

/// The failure of a read of `LiveClientKey` through the `@Dependency` declared at `line` of this
/// file, or through no `@Dependency` for `nil`.
private func liveClientFailure(line: Int?) -> String {
  let site =
    line.map {
      "\n\n  Read through: @Dependency declared at ComposableDepsTests/MissingTestValueTests.swift:\($0)"
    }
    ?? ""
  return """
    LiveClientKey has no test value, but was read in a test.\(site)

    In a test, a dependency that nobody overrides reads its key's testValue; LiveClientKey \
    declares none, so the test got its defaultValue, the live value. To fix: override it, or \
    declare `static let testValue` on LiveClientKey: a mock, unimplemented endpoints, or \
    `static let testValue = defaultValue` to read the live value on purpose.
    """
}

/// Runs `body` and returns the comments of the issues it recorded, each expected.
private func recordedIssues(_ body: () -> Void) -> [String] {
  let texts = Locked<[String]>([])
  withKnownIssue(isIntermittent: true) {
    body()
  } matching: { issue in
    texts.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
    return true
  }
  return texts.withLock { $0 }
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
final class ComposableMissingTestValueXCTests: XCTestCase {
  private var recorded: [(description: String, line: Int)] = []
  private var isCapturing = false

  /// Runs `body`, keeping the failures it records instead of failing the test.
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
      // XCTest on Linux starts the description with what kind of failure it is.
      let prefix = "failed - "
      let text = description.hasPrefix(prefix) ? String(description.dropFirst(prefix.count)) : description
      recorded.append((text, lineNumber))
    }
  #endif

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
