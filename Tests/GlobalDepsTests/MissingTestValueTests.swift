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
  @Dependency(\.liveGreeter) var liveGreeter
}

/// The line of `GreeterModel.liveGreeter`'s declaration.
private let liveGreeterLine = 21

/// The failure of a read of `LiveGreeterKey` through the `@Dependency` declared at `line` of this
/// file, or through no `@Dependency` for `nil`.
private func liveGreeterFailure(line: Int?) -> String {
  let site =
    line.map {
      "\n\n  Read through: @Dependency declared at GlobalDepsTests/MissingTestValueTests.swift:\($0)"
    }
    ?? ""
  return """
    LiveGreeterKey has no test value, but was read in a test.\(site)

    In a test, a dependency that nobody overrides reads its key's testValue; LiveGreeterKey \
    declares none, so the test got its defaultValue, the live value. To fix: override it, or \
    declare `static let testValue` on LiveGreeterKey: a mock, unimplemented endpoints, or \
    `static let testValue = defaultValue` to read the live value on purpose.
    """
}

/// Runs `body` and returns the comments of the issues it recorded, each expected.
private func recordedIssues(_ body: () async -> Void) async -> [String] {
  let texts = Locked<[String]>([])
  await withKnownIssue(isIntermittent: true) {
    await body()
  } matching: { issue in
    texts.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
    return true
  }
  return texts.withLock { $0 }
}

@Suite struct GlobalMissingTestValueTests {
  @Test func anOutermostScopeReportsOncePerKey() async {
    let issues = await recordedIssues {
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
    // The next outermost scope, another test's say, builds its own test values, and reports.
    let again = await recordedIssues {
      withDependencies { _ in
      } operation: {
        _ = GreeterModel().liveGreeter
      }
    }
    #expect(again == [liveGreeterFailure(line: liveGreeterLine)])
  }

  @Test func aReadThroughDependenciesNamesNoDeclaration() async {
    let line = #line + 3
    let issues = await recordedIssues {
      withDependencies { _ in
      } operation: {
        _ = Dependency(\.liveGreeter).wrappedValue  // made here: this line
        withDependencies {
          _ = $0.liveGreeter
        } operation: {
        }
      }
    }
    #expect(issues == [liveGreeterFailure(line: line)])
    let fromAnUpdate = await recordedIssues {
      withDependencies {
        _ = $0.liveGreeter
      } operation: {
      }
    }
    #expect(fromAnUpdate == [liveGreeterFailure(line: nil)])
  }

  @Test func anOverrideInAScopeNeitherBuildsNorReports() async {
    let issues = await recordedIssues {
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
  func aReadInTheTraitsScopeIsReportedOnceForTheTest() async {
    let issues = await recordedIssues {
      _ = GreeterModel().liveGreeter
      _ = GreeterModel().liveGreeter
    }
    #expect(issues == [liveGreeterFailure(line: liveGreeterLine)])
  }
}

/// The XCTest pattern: every test of the class in an `invokeTest` scope, which builds its own
/// test values and reports a key once per test.
final class GlobalMissingTestValueXCTests: XCTestCase {
  private var recorded: [String] = []
  private var isCapturing = false

  override func invokeTest() {
    withDependencies { _ in
    } operation: {
      super.invokeTest()
    }
  }

  /// Runs `body`, keeping the failures it records instead of failing the test.
  private func capturingFailures(_ body: () -> Void) {
    isCapturing = true
    defer { isCapturing = false }
    body()
  }

  #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
      guard isCapturing else { return super.record(issue) }
      recorded.append(issue.compactDescription)
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
      recorded.append(
        description.hasPrefix(prefix) ? String(description.dropFirst(prefix.count)) : description)
    }
  #endif

  func testTheFirstTestReadingTheKeyFails() {
    capturingFailures {
      _ = GreeterModel().liveGreeter
      _ = GreeterModel().liveGreeter
    }
    XCTAssertEqual(recorded, [liveGreeterFailure(line: liveGreeterLine)])
  }

  func testTheSecondTestReadingTheKeyFailsToo() {
    capturingFailures { _ = GreeterModel().liveGreeter }
    XCTAssertEqual(recorded, [liveGreeterFailure(line: liveGreeterLine)])
  }
}

extension GlobalStoreTests {
  /// Outside any scope reads go to the process-wide store, which builds a default once per
  /// process (or since `Dependencies.reset()`, which this suite calls before each test).
  @Test func outsideAnyScopeAKeyIsReportedOncePerProcess() async {
    let issues = await recordedIssues {
      _ = GreeterModel().liveGreeter
      _ = GreeterModel().liveGreeter
      _ = AppEnvironment()[\.liveGreeter]
    }
    #expect(issues == [liveGreeterFailure(line: liveGreeterLine)])
  }
}
