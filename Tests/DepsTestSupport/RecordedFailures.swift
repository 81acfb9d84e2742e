import DepsCore
import Testing
import XCTest

/// Runs `body` and returns the comments of the issues it recorded, each one an expected issue of
/// the running Swift Testing test.
package func recordedIssues(_ body: () -> Void) -> [String] {
  let texts = IssueTexts()
  withKnownIssue(isIntermittent: true) {
    body()
  } matching: { issue in
    texts.append(issue.comments.map(\.rawValue).joined(separator: "\n"), line: issue.sourceLocation?.line)
    return true
  }
  return texts.all.map(\.text)
}

/// The async twin of ``recordedIssues(_:)``, which also gives the line each issue was recorded at.
package func recordedIssuesWithLines(
  isolation: isolated (any Actor)? = #isolation, _ body: () async -> Void
) async -> [(text: String, line: Int?)] {
  let texts = IssueTexts()
  await withKnownIssue(isIntermittent: true, isolation: isolation) {
    await body()
  } matching: { issue in
    texts.append(issue.comments.map(\.rawValue).joined(separator: "\n"), line: issue.sourceLocation?.line)
    return true
  }
  return texts.all
}

/// The comments of the issues `body` recorded, each one expected.
package func recordedIssues(
  isolation: isolated (any Actor)? = #isolation, _ body: () async -> Void
) async -> [String] {
  await recordedIssuesWithLines(isolation: isolation, body).map(\.text)
}

/// What the matching closure of one `withKnownIssue` saw: appended to by the closure, which Swift
/// Testing may call on another thread than the test's, and read after `withKnownIssue` returned.
private final class IssueTexts: Sendable {
  private let texts = Locked<[(text: String, line: Int?)]>([])

  func append(_ text: String, line: Int?) {
    texts.withLock { $0.append((text, line)) }
  }

  var all: [(text: String, line: Int?)] { texts.withLock { $0 } }
}

/// An `XCTestCase` that can keep the failures a piece of code records instead of failing with
/// them: for tests of what the library reports to XCTest.
open class FailureRecordingTestCase: XCTestCase {
  /// The failures recorded inside ``capturingFailures(_:)``: each text (without the "failed - "
  /// that XCTest on Linux puts first) and line.
  package var recorded: [(description: String, line: Int)] = []
  private var isCapturing = false

  /// Runs `body`, keeping the failures it records instead of failing the test; the assertions
  /// outside `body` fail the test as usual.
  package func capturingFailures(_ body: () -> Void) {
    isCapturing = true
    defer { isCapturing = false }
    body()
  }

  #if canImport(Darwin)
    override open func record(_ issue: XCTIssue) {
      guard isCapturing else { return super.record(issue) }
      recorded.append((issue.compactDescription, issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
  #else
    override open func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
      guard isCapturing else {
        return super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
      let prefix = "failed - "
      let text = description.hasPrefix(prefix) ? String(description.dropFirst(prefix.count)) : description
      recorded.append((text, lineNumber))
    }
  #endif
}

/// The failure of a test that read `key`, whose key declares no test value, through the
/// `@Dependency` declared at `site` (`Module/File.swift:12`), or through no `@Dependency` for
/// `nil`: the text the library's tests expect, written out.
package func missingTestValueFailure(_ key: String, declaredAt site: String? = nil) -> String {
  let declaration = site.map { "\n\n  Read through: @Dependency declared at \($0)" } ?? ""
  return """
    \(key) has no test value, but was read in a test.\(declaration)

    In a test, a dependency that nobody overrides reads its key's testValue; \(key) declares none, \
    so the test got its defaultValue, the live value. To fix: override it, or declare \
    `static let testValue` on \(key): a mock, unimplemented endpoints, or \
    `static let testValue = defaultValue` to read the live value on purpose.
    """
}

/// The failure of a `.dependencies(strict: true)` trait that overrides `key` when nothing in the
/// test read that value: the text the library's tests expect, written out.
package func unreadInTraitFailure(_ key: String) -> String {
  """
  The .dependencies(strict: true) trait overrides \(key), but the test never read it.

  A strict trait requires every value it sets to be read, so that no override outlives the code \
  that needed it. To fix: remove the override from the trait, or use .dependencies { … } without \
  strict: true.
  """
}

/// The failure, at `finish()`, of a `TestStore` made with `strictDependencies: true` whose
/// environment overrides `key` when nothing read that value: the text the library's tests expect.
package func unreadInTestStoreFailure(_ key: String) -> String {
  """
  The TestStore's environment overrides \(key), but the test never read it.

  A TestStore made with strictDependencies: true requires every value set on its environment to \
  be read by the end of the test, so that no override outlives the code that needed it. To fix: \
  remove the override, or make the TestStore without strictDependencies: true.
  """
}
