import DepsTestSupport
import Testing

@testable import ComposableDeps
@testable import DepsCore

// `shutdown(timeout:)` given a negative timeout: the caller's mistake, named as such, never a
// value blamed for not shutting down within it. Each test reads keys of its own.

private enum WarnedKey: DependencyKey {
  static var defaultValue: Resource { testValue }
  static var testValue: Resource { Resource("warned") }
}
private enum FailedKey: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { Resource("failed") } }
}

extension Dependencies {
  fileprivate var warned: Resource { self[WarnedKey.self] }
  fileprivate var failed: AsyncDependency<Resource> { self[FailedKey.self] }
}

@Suite struct NegativeShutdownTimeoutTests {
  @Test func aNegativeTimeoutIsReportedAndShutsNothingDown() async {
    let root = RootEnvironment()
    let value = root.warned
    let (_, warnings) = await RuntimeWarnings.recording {
      await root.shutdown(timeout: .seconds(-1))
    }
    #expect(warnings == [negativeShutdownTimeoutFailure("-1.0 seconds")])
    #expect(value.shutdowns == 0)
    // The values stay for a call with a timeout that can be waited for.
    await root.shutdown()
    #expect(value.shutdowns == 1)
  }

  @Test func aNegativeTimeoutFailsTheTest() async throws {
    let root = RootEnvironment()
    let value = try await root.failed.value
    let issues = await recordedIssues { await root.shutdown(timeout: .milliseconds(-1)) }
    #expect(issues == [negativeShutdownTimeoutFailure("-0.001 seconds")])
    #expect(value.shutdowns == 0)
  }
}
