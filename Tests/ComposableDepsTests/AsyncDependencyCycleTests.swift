import DepsTestSupport
import Foundation
import Testing

@testable import ComposableDeps
@testable import DepsCore

// Builds of asynchronous dependencies that await themselves, directly or through each other.
// Before the library told such a wait, the first await never returned: the tests run in a test
// process of their own, which ``AsyncDependencyCycleTests`` ends after a minute, so that a
// regression fails that test instead of hanging the run.

/// Set in the environment of the test process that ``AsyncDependencyCycleTests`` starts: only
/// there does ``AsyncDependencyCycleChildTests`` run.
private let cycleChildVariable = "DEPS_ASYNC_CYCLE_CHILD_COMPOSABLE"

/// The roots whose keys' builds await the keys of the same root (each test a root of its own):
/// the keys are static, so their builds reach the tree through these.
private nonisolated(unsafe) let selfRoot = ComposableEnvironment()
private nonisolated(unsafe) let pairRoot = ComposableEnvironment()
private nonisolated(unsafe) let gatedRoot = ComposableEnvironment()
private nonisolated(unsafe) let overrideRoot = ComposableEnvironment()
private nonisolated(unsafe) let childTaskRoot = ComposableEnvironment()

private enum SelfAwaitingKey: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { try await selfRoot.selfAwaiting.value }
  static var testValue: AsyncDependency<Resource> { .build { try await selfRoot.selfAwaiting.value } }
}

/// The natural form: the database needs its configuration, which needs the database.
private enum DatabaseKey: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> {
    .build {
      _ = try await pairRoot.configuration.value
      return Resource("database")
    }
  }
}
private enum ConfigurationKey: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> {
    .build {
      _ = try await pairRoot.database.value
      return Resource("configuration")
    }
  }
}

/// Two builds started by two readers: the second waits for the first, whose build then awaits
/// the second (released by ``gate`` once the second waits).
private let gate = OneShot<Void>()
private enum GatedFirstKey: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> {
    .build {
      await gate.value
      _ = try await gatedRoot.gatedSecond.value
      return Resource("first")
    }
  }
}
private enum GatedSecondKey: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> {
    .build {
      _ = try await gatedRoot.gatedFirst.value
      return Resource("second")
    }
  }
}

/// A build that awaits in a child task (`async let`), which counts as part of the build.
private enum ChildTaskKey: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> {
    .build {
      async let other = childTaskRoot.childTaskOther.value
      _ = try await other
      return Resource("child task")
    }
  }
}
private enum ChildTaskOtherKey: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> {
    .build {
      _ = try await childTaskRoot.childTask.value
      return Resource("other")
    }
  }
}

private enum OverriddenKey: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .value(Resource("test")) }
}

extension Dependencies {
  fileprivate var selfAwaiting: AsyncDependency<Resource> { self[SelfAwaitingKey.self] }
  fileprivate var database: AsyncDependency<Resource> { self[DatabaseKey.self] }
  fileprivate var configuration: AsyncDependency<Resource> { self[ConfigurationKey.self] }
  fileprivate var gatedFirst: AsyncDependency<Resource> { self[GatedFirstKey.self] }
  fileprivate var gatedSecond: AsyncDependency<Resource> { self[GatedSecondKey.self] }
  fileprivate var childTask: AsyncDependency<Resource> { self[ChildTaskKey.self] }
  fileprivate var childTaskOther: AsyncDependency<Resource> { self[ChildTaskOtherKey.self] }
  fileprivate var overridden: AsyncDependency<Resource> {
    get { self[OverriddenKey.self] }
    set { self[OverriddenKey.self] = newValue }
  }
}

@Suite(.enabled(if: ProcessInfo.processInfo.environment[cycleChildVariable] == "1"))
struct AsyncDependencyCycleChildTests {
  @Test func aBuildThatAwaitsItselfThrowsAndFailsTheTest() async {
    let path = ["SelfAwaitingKey", "SelfAwaitingKey"]
    let (error, issues) = await awaitedCycle { try await selfRoot.selfAwaiting.value }
    #expect(error as? AsyncDependencyCycle == AsyncDependencyCycle(path: path))
    #expect(error.map { "\($0)" } == asyncCycleFailure(path))
    #expect(issues == [asyncCycleFailure(path)])
  }

  @Test func twoBuildsThatAwaitEachOtherThrowForEveryAwait() async {
    let path = ["DatabaseKey", "ConfigurationKey", "DatabaseKey"]
    let (error, issues) = await awaitedCycle { try await pairRoot.database.value }
    // The configuration's build saw the cycle; its error ended the database's build too.
    #expect(error as? AsyncDependencyCycle == AsyncDependencyCycle(path: path))
    #expect(issues == [asyncCycleFailure(path)])
    // A build that throws leaves the value unbuilt: the next await tries again, and is told again.
    let (again, reported) = await awaitedCycle { try await pairRoot.configuration.value }
    let otherWay = ["ConfigurationKey", "DatabaseKey", "ConfigurationKey"]
    #expect(again as? AsyncDependencyCycle == AsyncDependencyCycle(path: otherWay))
    #expect(reported == [asyncCycleFailure(otherWay)])
  }

  @Test func buildsStartedByTwoReadersThatAwaitEachOtherThrow() async throws {
    let path = ["GatedSecondKey", "GatedFirstKey", "GatedSecondKey"]
    let issues = await recordedIssues {
      let first = Task { try await gatedRoot.gatedFirst.value }
      // The first build holds at the gate: the second build starts, and waits for the first.
      let second = Task { try await gatedRoot.gatedSecond.value }
      let firstBuild = asyncBuild(of: gatedRoot.gatedFirst)
      #expect(await eventually { firstBuild?.waitingReaders == 2 }, "the second build waits for the first")
      gate.fire(())
      // The first build now awaits the second, which waits for it.
      await #expect(throws: AsyncDependencyCycle(path: path)) { try await first.value }
      await #expect(throws: AsyncDependencyCycle(path: path)) { try await second.value }
    }
    #expect(issues == [asyncCycleFailure(path)])
  }

  @Test func aBuildThatAwaitsInAChildTaskIsToldTheCycle() async {
    let path = ["ChildTaskKey", "ChildTaskOtherKey", "ChildTaskKey"]
    let (error, issues) = await awaitedCycle { try await childTaskRoot.childTask.value }
    #expect(error as? AsyncDependencyCycle == AsyncDependencyCycle(path: path))
    #expect(issues == [asyncCycleFailure(path)])
  }

  @Test func anOverrideThatAwaitsItselfIsNamedByItsType() async {
    overrideRoot.with(\.overridden, .build { try await overrideRoot.overridden.value })
    let path = ["AsyncDependency<Resource>", "AsyncDependency<Resource>"]
    let (error, issues) = await awaitedCycle { try await overrideRoot.overridden.value }
    #expect(error as? AsyncDependencyCycle == AsyncDependencyCycle(path: path))
    #expect(issues == [asyncCycleFailure(path)])
  }
}

/// Waits inside builds that close no cycle, and so wait, in this process (a regression fails them
/// with a cycle that is not one); and the cycles, in a process of their own.
@Suite struct AsyncDependencyCycleTests {
  private struct Failure: Error {}

  @Test func aTaskStartedByABuildThatEndedWaitsForTheNextBuild() async throws {
    let dependency = Locked<AsyncDependency<Resource>?>(nil)
    let attempts = Locked(0)
    let buildEnded = OneShot<Void>()
    let started = Locked<Task<Resource, any Error>?>(nil)
    let built = AsyncDependency<Resource>.build {
      let attempt = attempts.withLock { attempts in
        attempts += 1
        return attempts
      }
      guard attempt == 1 else { return Resource("second") }
      // Inherits this build's task-local values, and awaits the dependency once the build failed.
      started.withLock { started in
        started = Task {
          await buildEnded.value
          return try await #require(dependency.withLock { $0 }).value
        }
      }
      throw Failure()
    }
    dependency.withLock { $0 = built }
    await #expect(throws: Failure.self) { try await built.value }
    buildEnded.fire(())
    let task = try #require(started.withLock { $0 })
    #expect(try await task.value.name == "second")
    // The build's closure holds `dependency` and `started`, which hold the build and its task: a
    // cycle that LeakSanitizer reported at exit (in some runs) until broken here.
    dependency.withLock { $0 = nil }
    started.withLock { $0 = nil }
  }

  @Test func aWaitCancelledInsideABuildHoldsUpNothing() async throws {
    let first = Locked<AsyncDependency<Resource>?>(nil)
    let second = Locked<AsyncDependency<Resource>?>(nil)
    let secondMayAwait = OneShot<Void>()
    first.withLock { dependency in
      dependency = .build {
        let second = try #require(second.withLock { $0 })
        // From inside this build, wait for the second, then stop waiting.
        let waiting = Task { try await second.value }
        #expect(await eventually { asyncBuild(of: second)?.waitingReaders == 1 })
        waiting.cancel()
        _ = await waiting.result
        secondMayAwait.fire(())
        // The second's build now waits for this one, which waits for nothing.
        let first = try #require(first.withLock { $0 })
        #expect(await eventually { asyncBuild(of: first)?.waitingReaders == 2 })
        return Resource("first")
      }
    }
    second.withLock { dependency in
      dependency = .build {
        await secondMayAwait.value
        _ = try await #require(first.withLock { $0 }).value
        return Resource("second")
      }
    }
    #expect(try await #require(first.withLock { $0 }).value.name == "first")
    #expect(try await #require(second.withLock { $0 }).value.name == "second")
    // Each build's closure holds the dependencies, which hold the builds: break the cycle.
    first.withLock { $0 = nil }
    second.withLock { $0 = nil }
  }

  // The test bundle runs the child by itself on Linux; on Apple platforms `xctest` runs the bundle.
  #if os(Linux)
    @Test func aCycleOfBuildsThrowsAndFailsTheTestInsteadOfHanging() async throws {
      let child = try #require(
        try await runChildTestProcess(
          filter: "ComposableDepsTests.AsyncDependencyCycleChildTests", variable: cycleChildVariable,
          timeout: .seconds(60)),
        "the child test process did not end within a minute: an await of a cycle of builds hangs")
      #expect(child.status == 0, "\(child.output)")
      for test in [
        "aBuildThatAwaitsItselfThrowsAndFailsTheTest", "twoBuildsThatAwaitEachOtherThrowForEveryAwait",
        "buildsStartedByTwoReadersThatAwaitEachOtherThrow", "aBuildThatAwaitsInAChildTaskIsToldTheCycle",
        "anOverrideThatAwaitsItselfIsNamedByItsType",
      ] {
        #expect(child.output.contains("Test \(test)() passed"), "\(test):\n\(child.output)")
      }
    }
  #endif
}
