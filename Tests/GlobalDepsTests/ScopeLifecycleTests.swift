import DepsTestSupport
import DepsTesting
import Testing

@testable import DepsCore
@testable import GlobalDeps

// Each test reads keys of its own (tests run in parallel); a key's resources log their shutdowns.

/// Counts the builds of ``PerScopeKey``.
private let perScopeProbe = BuildProbe()
private enum PerScopeKey: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { try await perScopeProbe.build("scoped") } }
}

/// A value built from another dependency, to see which scope its build reads.
private enum ReadsScopedKey: AsyncDependencyKey {
  static func makeDefault() async throws -> Int { Dependency(\.scoped).wrappedValue }
  static var testValue: AsyncDependency<Int> { .build { Dependency(\.scoped).wrappedValue } }
}

private let orderLog = ShutdownLog()
private enum OrderA: DependencyKey {
  static var defaultValue: Resource { testValue }
  static var testValue: Resource { Resource("A", log: orderLog) }
}
/// An asynchronous value whose build reads a synchronous one: that one is built first.
private enum OrderB: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> {
    .build {
      _ = Dependency(\.orderD).wrappedValue
      return Resource("B", log: orderLog)
    }
  }
}
private enum OrderC: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { Resource("C", log: orderLog) } }
}
private enum OrderD: DependencyKey {
  static var defaultValue: Resource { testValue }
  static var testValue: Resource { Resource("D", log: orderLog) }
}

private enum OwnSync: DependencyKey {
  static var defaultValue: Resource { testValue }
  static var testValue: Resource { Resource("sync") }
}
private enum OwnAsync: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { Resource("async") } }
}
private enum OverriddenScopeOwn: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { Resource("own") } }
}
private enum SlowKey: AsyncDependencyKey {
  static let release = OneShot<Void>()
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { Resource("slow", release: release) } }
}
private enum SlowTraitKey: AsyncDependencyKey {
  static let release = OneShot<Void>()
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { Resource("slow", release: release) } }
}

extension Dependencies {
  fileprivate var perScope: AsyncDependency<Resource> { self[PerScopeKey.self] }
  fileprivate var readsScoped: AsyncDependency<Int> { self[ReadsScopedKey.self] }
  fileprivate var orderA: Resource { self[OrderA.self] }
  fileprivate var orderB: AsyncDependency<Resource> { self[OrderB.self] }
  fileprivate var orderC: AsyncDependency<Resource> { self[OrderC.self] }
  fileprivate var orderD: Resource { self[OrderD.self] }
  fileprivate var ownSync: Resource {
    get { self[OwnSync.self] }
    set { self[OwnSync.self] = newValue }
  }
  fileprivate var ownAsync: AsyncDependency<Resource> {
    get { self[OwnAsync.self] }
    set { self[OwnAsync.self] = newValue }
  }
  fileprivate var overriddenScopeOwn: AsyncDependency<Resource> { self[OverriddenScopeOwn.self] }
  fileprivate var slow: AsyncDependency<Resource> { self[SlowKey.self] }
  fileprivate var slowTrait: AsyncDependency<Resource> { self[SlowTraitKey.self] }
}

/// Made in a scope: keeps it for reads after the scope ended.
private struct ScopedReader {
  @Dependency(\.readsScoped) var readsScoped
}

@Suite struct ScopeLifecycleTests {
  @Test func eachOutermostScopeBuildsItsOwnValueWhichItsNestedScopesShare() async throws {
    let (outer, nested) = try await withDependencies { _ in
    } operation: {
      let outer = try await Dependency(\.perScope).wrappedValue.value
      let nested = try await withDependencies {
        $0.scoped = 1
      } operation: {
        try await Dependency(\.perScope).wrappedValue.value
      }
      return (outer, nested)
    }
    let other = try await withDependencies { _ in
    } operation: {
      try await Dependency(\.perScope).wrappedValue.value
    }
    #expect(outer === nested)
    #expect(outer !== other)
    #expect(perScopeProbe.builds == 2)
  }

  @Test func aScopesValueIsBuiltWithTheScopeInForceWhereverItIsAwaited() async throws {
    let reader = withDependencies {
      $0.scoped = 7
    } operation: {
      ScopedReader()
    }
    // First awaited after the scope ended, from a task that has no scope in force.
    let value = try await Task.detached { try await reader.readsScoped.value }.value
    #expect(value == 7)
  }

  @Test func theEndOfAnOutermostScopeShutsDownWhatItBuiltLastFirst() async throws {
    let (a, b, c, d) = try await withDependencies { _ in
    } operation: {
      let a = Dependency(\.orderA).wrappedValue
      let b = try await Dependency(\.orderB).wrappedValue.value
      let c = try await Dependency(\.orderC).wrappedValue.value
      let d = Dependency(\.orderD).wrappedValue
      #expect(orderLog.entries.isEmpty)
      return (a, b, c, d)
    }
    // D was built during B's build, before it ended.
    #expect(orderLog.entries == ["C", "B", "D", "A"])
    #expect([a, b, c, d].map(\.shutdowns) == [1, 1, 1, 1])
  }

  @Test func aNestedScopeLeavesTheValuesToTheOutermostOne() async throws {
    let value = try await withDependencies { _ in
    } operation: {
      let value = try await withDependencies {
        $0.scoped = 1
      } operation: {
        try await Dependency(\.ownAsync).wrappedValue.value
      }
      #expect(value.shutdowns == 0)
      return value
    }
    #expect(value.shutdowns == 1)
  }

  @Test func theScopeShutsDownWhatItBuiltWhenItsOperationThrows() async throws {
    struct Failure: Error {}
    let built = Locked<Resource?>(nil)
    await #expect(throws: Failure.self) {
      try await withDependencies { _ in
      } operation: {
        let value = try await Dependency(\.ownAsync).wrappedValue.value
        built.withLock { $0 = value }
        throw Failure()
      }
    }
    #expect(built.withLock { $0?.shutdowns } == 1)
  }

  @Test func overridesAreLeftAlone() async throws {
    let sync = Resource("sync override")
    let async = Resource("async override")
    let own = try await withDependencies {
      $0.ownSync = sync
      $0.ownAsync = .value(async)
    } operation: {
      let ownSync = Dependency(\.ownSync).wrappedValue
      let ownAsync = try await Dependency(\.ownAsync).wrappedValue.value
      #expect(ownSync === sync)
      #expect(ownAsync === async)
      return try await Dependency(\.overriddenScopeOwn).wrappedValue.value
    }
    #expect(sync.shutdowns == 0)
    #expect(async.shutdowns == 0)
    #expect(own.shutdowns == 1)
  }

  @Test func shutdownInAScopeShutsDownTheScopesValuesOnce() async throws {
    let value = try await withDependencies { _ in
    } operation: {
      let value = try await Dependency(\.ownAsync).wrappedValue.value
      await Dependencies.shutdown()
      #expect(value.shutdowns == 1)
      return value
    }
    #expect(value.shutdowns == 1)  // the scope's end did not shut it down again
  }

  @Test func aValueSlowerThanTheTimeoutIsReported() async throws {
    let slow = try await withDependencies { _ in
    } operation: {
      let slow = try await Dependency(\.slow).wrappedValue.value
      let (_, warnings) = await RuntimeWarnings.recording {
        await Dependencies.shutdown(timeout: .milliseconds(100))
      }
      #expect(warnings == [Self.timeoutMessage(key: "SlowKey")])
      return slow
    }
    SlowKey.release.fire(())
    #expect(await eventually { slow.ended.ended })
    #expect(slow.shutdowns == 1)
  }

  @Test(arguments: [false, true])
  func theTraitShutsDownWhatItsScopeBuilt(strict: Bool) async throws {
    let built = Locked<Resource?>(nil)
    // The strict trait's scope shut nothing down before its scope was made as the plain one's.
    let trait: DependencyTrait =
      strict ? .dependencies(strict: true) { _ in } : .dependencies { $0.scoped = 1 }
    try await trait.provideScope(for: try #require(Test.current), testCase: Test.Case.current) {
      let value = try await Dependency(\.ownAsync).wrappedValue.value
      built.withLock { $0 = value }
      #expect(value.shutdowns == 0)
    }
    #expect(built.withLock { $0?.shutdowns } == 1)
  }

  @Test(.dependencies { $0.scoped = 1 })
  func aValueSlowerThanTheTimeoutFailsATestUnderTheTrait() async throws {
    _ = try await Dependency(\.slowTrait).wrappedValue.value
    await withKnownIssue {
      await Dependencies.shutdown(timeout: .milliseconds(100))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [Self.timeoutMessage(key: "SlowTraitKey")]
    }
    SlowTraitKey.release.fire(())
  }

  static func timeoutMessage(key: String) -> String {
    """
    The value of \(key) (Resource) did not shut down within 0.1 seconds.

    shutdown() waits for each value the store built at most its timeout, then cancels that \
    value's shutdown and goes on with the next. To fix: make Resource.shutdown() return sooner, \
    or pass a longer timeout to shutdown(timeout:).
    """
  }
}
