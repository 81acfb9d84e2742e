import ComposableDeps
import DepsTestSupport
import DepsTesting
import Foundation
import Testing

// Outside attack 7, from Docs/Lifecycle.md ("What shutdown(timeout:) does") and
// Docs/Diagnostics.md ("A test read a dependency whose key declares no test value": partial
// overrides). Keys of this file only.

private final class A7Resource: DependencyShutdown {
  let name: String
  let log: LockIsolated<[String]>
  let shutdowns = LockIsolated(0)
  init(_ name: String, log: LockIsolated<[String]>) {
    self.name = name
    self.log = log
  }
  func shutdown() async {
    shutdowns.withValue { $0 += 1 }
    log.withValue { $0.append(name) }
  }
}

/// What the shared-instance keys log to and return; each test sets it before its first read.
private let currentLog = LockIsolated(LockIsolated<[String]>([]))
private let currentPool = LockIsolated<A7Resource?>(nil)

private enum A7FirstOwnKey: DependencyKey {
  static var defaultValue: A7Resource { testValue }
  static var testValue: A7Resource { A7Resource("first own", log: currentLog.value) }
}
private enum A7PoolUserOneKey: DependencyKey {
  static var defaultValue: A7Resource { testValue }
  static var testValue: A7Resource { currentPool.value! }
}
private enum A7SecondOwnKey: DependencyKey {
  static var defaultValue: A7Resource { testValue }
  static var testValue: A7Resource { A7Resource("second own", log: currentLog.value) }
}
private enum A7PoolUserTwoKey: DependencyKey {
  static var defaultValue: A7Resource { testValue }
  static var testValue: A7Resource { currentPool.value! }
}
private enum A7AsyncPoolUserKey: AsyncDependencyKey {
  static func makeDefault() async throws -> A7Resource { currentPool.value! }
  static var testValue: AsyncDependency<A7Resource> { .build { currentPool.value! } }
}

/// A client a key declares with a default only (no test value), changed in part by tests.
private struct A7Client: Sendable {
  var fetch: @Sendable () -> Int
  var name: @Sendable () -> String
}
private enum A7ClientKey: DependencyKey {
  static let defaultValue = A7Client(fetch: { 42 }, name: { "live" })
}
private enum A7OtherLiveKey: DependencyKey {
  static let defaultValue = 7
}

extension Dependencies {
  fileprivate var a7firstOwn: A7Resource { self[A7FirstOwnKey.self] }
  fileprivate var a7poolUserOne: A7Resource { self[A7PoolUserOneKey.self] }
  fileprivate var a7secondOwn: A7Resource { self[A7SecondOwnKey.self] }
  fileprivate var a7poolUserTwo: A7Resource { self[A7PoolUserTwoKey.self] }
  fileprivate var a7asyncPoolUser: AsyncDependency<A7Resource> { self[A7AsyncPoolUserKey.self] }
  fileprivate var a7client: A7Client {
    get { self[A7ClientKey.self] }
    set { self[A7ClientKey.self] = newValue }
  }
  fileprivate var a7otherLive: Int {
    get { self[A7OtherLiveKey.self] }
    set { self[A7OtherLiveKey.self] = newValue }
  }
}

private final class A7ClientEnvironment: ComposableEnvironment {
  @Dependency(\.a7client) var client
  @Derived<A7ClientChild> var child
}
private final class A7ClientChild: ComposableEnvironment {
  @Dependency(\.a7client) var client
}

/// A root shared by tasks: thread-safe inside, `@unchecked Sendable` as the docs tell a user to write.
private final class A7SharedRoot: ComposableEnvironment, @unchecked Sendable {}

/// Shared state of the shutdown tests: serialized, as they set ``currentLog`` and ``currentPool``.
@Suite(.serialized) struct Attack7ShutdownTests {
  private func freshPool() -> LockIsolated<[String]> {
    let log = LockIsolated<[String]>([])
    currentLog.setValue(log)
    currentPool.setValue(A7Resource("pool", log: log))
    return log
  }

  /// first own, pool (through key one), second own, pool again (key two): three values, shut down
  /// last built first, the pool at the place of its first build.
  @Test func oneObjectBehindTwoKeysIsShutDownOnceAtItsFirstBuild() async {
    let log = freshPool()
    let root = ComposableEnvironment()
    _ = root.a7firstOwn
    _ = root.a7poolUserOne
    _ = root.a7secondOwn
    _ = root.a7poolUserTwo
    await root.shutdown()
    #expect(log.value == ["second own", "pool", "first own"])
    #expect(currentPool.value?.shutdowns.value == 1)
    // A second call shuts down only what was built since: nothing.
    await root.shutdown()
    #expect(log.value == ["second own", "pool", "first own"])
  }

  @Test func oneObjectBehindASyncAndAnAsyncKeyIsShutDownOnce() async throws {
    let log = freshPool()
    let root = ComposableEnvironment()
    _ = root.a7firstOwn
    let built = try await root.a7asyncPoolUser.value
    _ = root.a7secondOwn
    _ = root.a7poolUserOne
    #expect(built === currentPool.value)
    await root.shutdown()
    #expect(log.value == ["second own", "pool", "first own"])
    #expect(currentPool.value?.shutdowns.value == 1)
  }

  /// The pool was shut down by one call; a key that returns it later, after that call, does not
  /// make a second call shut it down again.
  @Test func anObjectShutDownBeforeIsNotShutDownWhenAnotherKeyBuildsItLater() async {
    let log = freshPool()
    let root = ComposableEnvironment()
    _ = root.a7poolUserOne
    await root.shutdown()
    _ = root.a7poolUserTwo
    _ = root.a7secondOwn
    await root.shutdown()
    #expect(log.value == ["pool", "second own"])
    #expect(currentPool.value?.shutdowns.value == 1)
  }

  @Test func shutdownCalledFromEightTasksAtOnceShutsEachValueDownOnce() async {
    let log = freshPool()
    let root = A7SharedRoot()
    _ = root.a7firstOwn
    _ = root.a7poolUserOne
    _ = root.a7secondOwn
    _ = root.a7poolUserTwo
    let afterEachCall = LockIsolated<[Int]>([])
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          await root.shutdown()
          // "a call made while another runs waits for it": every call returns after all three.
          afterEachCall.withValue { $0.append(log.value.count) }
        }
      }
    }
    #expect(log.value == ["second own", "pool", "first own"])
    #expect(afterEachCall.value == Array(repeating: 3, count: 8))
  }

  @Test(arguments: [
    (Duration.milliseconds(-1500), "-1.5 seconds"), (Duration.seconds(-2), "-2.0 seconds"),
  ])
  func aNegativeTimeoutNamesTheCallersMistakeAndShutsNothingDown(
    timeout: Duration, printed: String
  ) async {
    let log = freshPool()
    let root = ComposableEnvironment()
    _ = root.a7firstOwn
    _ = root.a7poolUserOne
    let issues = await recordedIssues { await root.shutdown(timeout: timeout) }
    #expect(
      issues == [
        """
        shutdown(timeout: \(printed)) was called with a negative timeout.

        shutdown() waits for each value the store built at most its timeout, so it shut nothing \
        down: the values stay for the next call. To fix: pass shutdown(timeout:) a duration of zero \
        or more (10 seconds unless given).
        """
      ])
    #expect(log.value == [])
    await root.shutdown(timeout: .zero)
    #expect(log.value == ["pool", "first own"])
  }
}

@Suite struct Attack7PartialOverrideTests {
  @Test func changingOneEndpointWithWithReportsNothing() {
    let issues = recordedIssues {
      let environment = A7ClientEnvironment().with(\.a7client.fetch, { 1 })
      #expect(environment.client.fetch() == 1)
      #expect(environment.child.client.fetch() == 1)
      // The other endpoint is the default's: the test took charge of the whole dependency.
      #expect(environment.client.name() == "live")
    }
    #expect(issues == [])
  }

  @Test func changingOneEndpointThroughTheSubscriptReportsNothing() {
    let issues = recordedIssues {
      let environment = A7ClientEnvironment()
      environment[\.a7client.fetch] = { 2 }
      environment.child[\.a7client.name] = { "child" }
      #expect(environment.child.client.fetch() == 2)
      #expect(environment.child.client.name() == "child")
    }
    #expect(issues == [])
  }

  /// TCA 0.x's `store.environment.client.fetch = { … }`: `@Dependency`'s settable `wrappedValue`
  /// changing one endpoint (Docs/MigratingFromTCA.md) is an override's partial change like
  /// `with(\.client.fetch, …)`, so it should not report the key's missing test value either.
  @Test func changingOneEndpointThroughTheDependencySetterReportsNothing() {
    let issues = recordedIssues {
      let environment = A7ClientEnvironment()
      environment.client.fetch = { 3 }
      #expect(environment.client.fetch() == 3)
      #expect(environment.child.client.fetch() == 3)
    }
    #expect(issues == [])
  }

  @Test func readingTheUnsetKeyAfterAPartialOverrideOfAnotherIsReportedOnce() {
    let issues = recordedIssues {
      let environment = A7ClientEnvironment().with(\.a7client.fetch, { 1 })
      _ = environment.a7otherLive
      _ = environment.child.a7otherLive
      #expect(environment.client.fetch() == 1)
    }
    #expect(issues == [missingTestValueFailure("A7OtherLiveKey")])
  }
}
