import DepsTestSupport
import GlobalDeps
import Testing

@testable import DepsCore

// `Dependencies.shutdown(timeout:)` given a negative timeout: the caller's mistake, named as such,
// never a value blamed for not shutting down within it. Each test reads keys of its own.

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

@Suite struct GlobalNegativeShutdownTimeoutTests {
  @Test func aNegativeTimeoutIsReportedAndShutsNothingDown() async {
    let value = await withDependencies { _ in
    } operation: {
      let value = Dependency(\.warned).wrappedValue
      let (_, warnings) = await RuntimeWarnings.recording {
        await Dependencies.shutdown(timeout: .seconds(-1))
      }
      #expect(warnings == [negativeShutdownTimeoutFailure("-1.0 seconds")])
      #expect(value.shutdowns == 0)
      return value
    }
    // The scope's own shutdown, at its end, still shut the value down.
    #expect(value.shutdowns == 1)
  }

  @Test func aNegativeTimeoutFailsTheTest() async throws {
    try await withDependencies { _ in
    } operation: {
      let value = try await Dependency(\.failed).wrappedValue.value
      let issues = await recordedIssues { await Dependencies.shutdown(timeout: .milliseconds(-1)) }
      #expect(issues == [negativeShutdownTimeoutFailure("-0.001 seconds")])
      #expect(value.shutdowns == 0)
    }
  }
}
