import DepsTestSupport
import Testing

@testable import ComposableDeps
@testable import DepsCore

// Each test reads keys of its own (tests run in parallel); a key's resources log their shutdowns.

private let orderLog = ShutdownLog()
private enum OrderSyncA: DependencyKey {
  static var defaultValue: Resource { testValue }
  static var testValue: Resource { Resource("A", log: orderLog) }
}
private enum OrderAsyncB: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { Resource("B", log: orderLog) } }
}
private enum OrderSyncC: DependencyKey {
  static var defaultValue: Resource { testValue }
  static var testValue: Resource { Resource("C", log: orderLog) }
}

private enum OnceSync: DependencyKey {
  static var defaultValue: Resource { testValue }
  static var testValue: Resource { Resource("sync") }
}
private enum OnceAsync: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { Resource("async") } }
}

private enum SlowKey: AsyncDependencyKey {
  static let release = OneShot<Void>()
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { Resource("slow", release: release) } }
}
private enum HeldKey: AsyncDependencyKey {
  static let release = OneShot<Void>()
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { Resource("held", release: release) } }
}
private enum SlowFailureKey: AsyncDependencyKey {
  static let release = OneShot<Void>()
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { Resource("slow", release: release) } }
}

private enum OverriddenSync: DependencyKey {
  static var defaultValue: Resource { testValue }
  static var testValue: Resource { Resource("default") }
}
private enum OverriddenAsync: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { Resource("default") } }
}

extension Dependencies {
  fileprivate var orderA: Resource { self[OrderSyncA.self] }
  fileprivate var orderB: AsyncDependency<Resource> { self[OrderAsyncB.self] }
  fileprivate var orderC: Resource { self[OrderSyncC.self] }
  fileprivate var onceSync: Resource { self[OnceSync.self] }
  fileprivate var onceAsync: AsyncDependency<Resource> { self[OnceAsync.self] }
  fileprivate var slow: AsyncDependency<Resource> { self[SlowKey.self] }
  fileprivate var held: AsyncDependency<Resource> { self[HeldKey.self] }
  fileprivate var slowFailure: AsyncDependency<Resource> { self[SlowFailureKey.self] }
  fileprivate var overriddenSync: Resource {
    get { self[OverriddenSync.self] }
    set { self[OverriddenSync.self] = newValue }
  }
  fileprivate var overriddenAsync: AsyncDependency<Resource> {
    get { self[OverriddenAsync.self] }
    set { self[OverriddenAsync.self] = newValue }
  }
}

@Suite struct ShutdownTests {
  @Test func valuesShutDownInTheReverseOfTheOrderTheyWereBuilt() async throws {
    let root = RootEnvironment()
    _ = root.orderA
    _ = try await root.first.orderB.value
    _ = root.second.orderC
    await root.shutdown()
    #expect(orderLog.entries == ["C", "B", "A"])
  }

  @Test func eachValueShutsDownOnceHoweverOftenShutdownIsCalled() async throws {
    let root = RootEnvironment()
    let sync = root.onceSync
    let async = try await root.onceAsync.value
    await root.shutdown()
    await root.shutdown()
    #expect(sync.shutdowns == 1)
    #expect(async.shutdowns == 1)
  }

  @Test func concurrentShutdownsShutEachValueDownOnce() async throws {
    for _ in 0..<StressScale.scaled(500) {
      nonisolated(unsafe) let root = RootEnvironment()
      let sync = root.onceSync
      let async = try await root.first.onceAsync.value
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<4 { group.addTask { await root.shutdown() } }
      }
      #expect(sync.shutdowns == 1)
      #expect(async.shutdowns == 1)
    }
  }

  @Test func aShutdownCalledDuringAnotherWaitsForIt() async throws {
    nonisolated(unsafe) let root = RootEnvironment()
    let held = try await root.held.value
    let first = Task { await root.shutdown() }
    #expect(await eventually { held.shutdowns == 1 })
    let second = Task {
      await root.shutdown()
      return held.ended.ended
    }
    let lifecycle = try #require(root.node.path()[0].defaults?.lifecycle)
    #expect(await eventually { lifecycle.waitingShutdowns == 1 })
    HeldKey.release.fire(())
    #expect(await second.value)  // it returned only once the first one's value was shut down
    await first.value
    #expect(held.shutdowns == 1)
  }

  @Test func overridesAreLeftAlone() async throws {
    let sync = Resource("sync override")
    let async = Resource("async override")
    let built = Resource("built override")
    let root = RootEnvironment().with(\.overriddenSync, sync).with(\.overriddenAsync, .value(async))
    root.first.with(\.overriddenAsync, .build { built })
    #expect(root.overriddenSync === sync)
    #expect(try await root.overriddenAsync.value === async)
    #expect(try await root.first.overriddenAsync.value === built)
    let own = root.onceSync
    await root.shutdown()
    #expect([sync.shutdowns, async.shutdowns, built.shutdowns] == [0, 0, 0])
    #expect(own.shutdowns == 1)
  }

  @Test func aValueNotBuiltYetIsShutDownByTheShutdownAfterItsBuild() async throws {
    let root = RootEnvironment()
    let dependency = root.onceAsync  // its build has not started
    await root.shutdown()
    let value = try await dependency.value
    #expect(value.shutdowns == 0)
    await root.shutdown()
    #expect(value.shutdowns == 1)
  }

  @Test func aValueSlowerThanTheTimeoutIsReportedAndNotWaitedFor() async throws {
    let root = RootEnvironment()
    let first = root.onceSync
    let slow = try await root.slow.value
    let (_, warnings) = await RuntimeWarnings.recording {
      await root.shutdown(timeout: .milliseconds(100))
    }
    #expect(warnings == [Self.timeoutMessage])
    #expect(first.shutdowns == 1)  // shut down after the slow one gave up
    #expect(slow.ended.ended == false)
    SlowKey.release.fire(())
    #expect(await eventually { slow.ended.ended })
    #expect(slow.ended.cancelled)  // its shutdown was cancelled when the wait gave up
  }

  @Test func aValueSlowerThanTheTimeoutFailsTheTest() async throws {
    let root = RootEnvironment()
    _ = try await root.slowFailure.value
    await withKnownIssue {
      await root.shutdown(timeout: .milliseconds(100))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [Self.timeoutMessage(key: "SlowFailureKey")]
    }
    SlowFailureKey.release.fire(())
  }

  @Test func shutdownOnADerivedEnvironmentIsReportedAndDoesNothing() async {
    let root = RootEnvironment()
    let own = root.onceSync
    let (_, warnings) = await RuntimeWarnings.recording { await root.first.shutdown() }
    #expect(
      warnings == [
        """
        shutdown() was called on FirstEnvironment, which is derived from another environment.

        The values a tree of environments built belong to its root, which shuts them all down. \
        To fix: call shutdown() on the root environment.
        """
      ])
    #expect(own.shutdowns == 0)
  }

  static let timeoutMessage = timeoutMessage(key: "SlowKey")

  static func timeoutMessage(key: String) -> String {
    """
    The value of \(key) (Resource) did not shut down within 0.1 seconds.

    shutdown() waits for each value the store built at most its timeout, then cancels that \
    value's shutdown and goes on with the next. To fix: make Resource.shutdown() return sooner, \
    or pass a longer timeout to shutdown(timeout:).
    """
  }
}
