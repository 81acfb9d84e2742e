import DepsTestSupport
import Testing

@testable import ComposableDeps
@testable import DepsCore

// One object behind several keys of one tree (a connection pool that two clients' defaults
// return): the tree's shutdown() shuts it down once, where its first build puts it. Each test
// reads keys of its own (tests run in parallel); the resources log their shutdowns.

private let syncLog = ShutdownLog()
private let syncPool = Resource("pool", log: syncLog)
private enum SyncPoolA: DependencyKey {
  static var defaultValue: Resource { testValue }
  static var testValue: Resource { syncPool }
}
private enum SyncBetween: DependencyKey {
  static var defaultValue: Resource { testValue }
  static var testValue: Resource { Resource("between", log: syncLog) }
}
private enum SyncPoolB: DependencyKey {
  static var defaultValue: Resource { testValue }
  static var testValue: Resource { syncPool }
}

private let asyncLog = ShutdownLog()
private let asyncPool = Resource("pool", log: asyncLog)
private enum AsyncPoolA: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { asyncPool }
  static var testValue: AsyncDependency<Resource> { .build { asyncPool } }
}
private enum AsyncBetween: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { Resource("between", log: asyncLog) } }
}
private enum AsyncPoolB: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { asyncPool }
  static var testValue: AsyncDependency<Resource> { .build { asyncPool } }
}

/// One pool behind a synchronous key and an asynchronous one, built before and after a shutdown.
private let mixedPool = Resource("pool")
private enum MixedSync: DependencyKey {
  static var defaultValue: Resource { testValue }
  static var testValue: Resource { mixedPool }
}
private enum MixedAsync: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { mixedPool }
  static var testValue: AsyncDependency<Resource> { .build { mixedPool } }
}

extension Dependencies {
  fileprivate var syncPoolA: Resource { self[SyncPoolA.self] }
  fileprivate var syncBetween: Resource { self[SyncBetween.self] }
  fileprivate var syncPoolB: Resource { self[SyncPoolB.self] }
  fileprivate var asyncPoolA: AsyncDependency<Resource> { self[AsyncPoolA.self] }
  fileprivate var asyncBetween: AsyncDependency<Resource> { self[AsyncBetween.self] }
  fileprivate var asyncPoolB: AsyncDependency<Resource> { self[AsyncPoolB.self] }
  fileprivate var mixedSync: Resource { self[MixedSync.self] }
  fileprivate var mixedAsync: AsyncDependency<Resource> { self[MixedAsync.self] }
}

@Suite struct SharedInstanceShutdownTests {
  @Test func anObjectTwoDefaultsReturnShutsDownOnceWhereItWasFirstBuilt() async {
    let root = RootEnvironment()
    #expect(root.syncPoolA === syncPool)
    _ = root.first.syncBetween
    #expect(root.second.syncPoolB === syncPool)
    // Last built first: `between`, then the pool, at the place of its first build.
    await root.shutdown()
    #expect(syncLog.entries == ["between", "pool"])
    #expect(syncPool.shutdowns == 1)
  }

  @Test func anObjectTwoAsyncBuildsReturnShutsDownOnceWhereItWasFirstBuilt() async throws {
    let root = RootEnvironment()
    #expect(try await root.asyncPoolA.value === asyncPool)
    _ = try await root.first.asyncBetween.value
    #expect(try await root.second.asyncPoolB.value === asyncPool)
    await root.shutdown()
    #expect(asyncLog.entries == ["between", "pool"])
    #expect(asyncPool.shutdowns == 1)
  }

  @Test func anObjectShutDownOnceIsNotShutDownAgainWhenAnotherKeyBuildsIt() async throws {
    let root = RootEnvironment()
    #expect(root.mixedSync === mixedPool)
    await root.shutdown()
    #expect(try await root.mixedAsync.value === mixedPool)
    await root.shutdown()
    #expect(mixedPool.shutdowns == 1)
  }
}
