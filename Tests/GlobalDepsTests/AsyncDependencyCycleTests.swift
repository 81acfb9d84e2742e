import DepsTestSupport
import Foundation
import GlobalDeps
import Testing

@testable import DepsCore

// Builds of asynchronous dependencies that await themselves, directly or through each other, in
// a test's store and in a `withDependencies` scope. Before the library told such a wait, the first
// await never returned: the tests run in a test process of their own, which
// ``GlobalAsyncDependencyCycleTests`` ends after a minute, so that a regression fails that test
// instead of hanging the run.

/// Set in the environment of the test process that ``GlobalAsyncDependencyCycleTests`` starts:
/// only there does ``GlobalAsyncDependencyCycleChildTests`` run.
private let cycleChildVariable = "DEPS_ASYNC_CYCLE_CHILD_GLOBAL"

private enum SelfAwaitingKey: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource {
    try await Dependency(\.selfAwaiting).wrappedValue.value
  }
  static var testValue: AsyncDependency<Resource> {
    .build { try await Dependency(\.selfAwaiting).wrappedValue.value }
  }
}

/// The natural form: the database needs its configuration, which needs the database.
private enum DatabaseKey: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> {
    .build {
      _ = try await Dependency(\.configuration).wrappedValue.value
      return Resource("database")
    }
  }
}
private enum ConfigurationKey: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> {
    .build {
      _ = try await Dependency(\.database).wrappedValue.value
      return Resource("configuration")
    }
  }
}

extension Dependencies {
  fileprivate var selfAwaiting: AsyncDependency<Resource> { self[SelfAwaitingKey.self] }
  fileprivate var database: AsyncDependency<Resource> { self[DatabaseKey.self] }
  fileprivate var configuration: AsyncDependency<Resource> { self[ConfigurationKey.self] }
}

@Suite(.enabled(if: ProcessInfo.processInfo.environment[cycleChildVariable] == "1"))
struct GlobalAsyncDependencyCycleChildTests {
  @Test func aBuildThatAwaitsItselfInTheTestsStoreThrowsAndFailsTheTest() async {
    let path = ["SelfAwaitingKey", "SelfAwaitingKey"]
    let (error, issues) = await awaitedCycle { try await Dependency(\.selfAwaiting).wrappedValue.value }
    #expect(error as? AsyncDependencyCycle == AsyncDependencyCycle(path: path))
    #expect(error.map { "\($0)" } == asyncCycleFailure(path))
    #expect(issues == [asyncCycleFailure(path)])
  }

  @Test func twoBuildsThatAwaitEachOtherInAScopeThrowToTheirReader() async {
    let path = ["DatabaseKey", "ConfigurationKey", "DatabaseKey"]
    let (error, issues) = await awaitedCycle {
      try await withDependencies { _ in
      } operation: {
        try await Dependency(\.database).wrappedValue.value
      }
    }
    #expect(error as? AsyncDependencyCycle == AsyncDependencyCycle(path: path))
    #expect(issues == [asyncCycleFailure(path)])
  }
}

// The test bundle runs the child by itself on Linux; on Apple platforms `xctest` runs the bundle.
#if os(Linux)
  @Suite struct GlobalAsyncDependencyCycleTests {
    @Test func aCycleOfBuildsThrowsAndFailsTheTestInsteadOfHanging() async throws {
      let child = try #require(
        try await runChildTestProcess(
          filter: "GlobalDepsTests.GlobalAsyncDependencyCycleChildTests", variable: cycleChildVariable,
          timeout: .seconds(60)),
        "the child test process did not end within a minute: an await of a cycle of builds hangs")
      #expect(child.status == 0, "\(child.output)")
      for test in [
        "aBuildThatAwaitsItselfInTheTestsStoreThrowsAndFailsTheTest",
        "twoBuildsThatAwaitEachOtherInAScopeThrowToTheirReader",
      ] {
        #expect(child.output.contains("Test \(test)() passed"), "\(test):\n\(child.output)")
      }
    }
  }
#endif
