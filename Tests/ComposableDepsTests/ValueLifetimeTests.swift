import DepsCore
import DepsTestSupport
import Testing

@testable import ComposableDeps

/// A service whose release the tests watch through a weak reference.
private final class WatchedService: Sendable {}

private enum WatchedServiceKey: DependencyKey {
  static var defaultValue: WatchedService? { nil }
  static var testValue: WatchedService? { defaultValue }
}

extension Dependencies {
  fileprivate var watchedService: WatchedService? {
    get { self[WatchedServiceKey.self] }
    set { self[WatchedServiceKey.self] = newValue }
  }
}

private final class WatchedServiceEnvironment: ComposableEnvironment {
  @Dependency(\.watchedService) var service
  @Dependency(WatchedServiceKey.self) var serviceByKey
  @Derived var child: WatchedServiceEnvironment
}

private final class Weak: @unchecked Sendable {
  // @unchecked: only read after the threads that wrote it are parked.
  weak var service: WatchedService?
}

/// Reads the service every way a read can be cached: through `@Dependency` by key path and by
/// key, through dynamic member lookup, and from a derived child.
private func readEveryWay(_ environment: WatchedServiceEnvironment) -> Bool {
  let expected = environment.node.read(WatchedServiceKey.self)
  return environment.service === expected && environment.serviceByKey === expected
    && environment[dynamicMember: \.watchedService] === expected && environment.child.service === expected
    && environment.child.child.serviceByKey === expected
}

/// The per-thread read caches never keep a value alive: once its environment is released or a
/// write replaces it, it is freed, though the threads that read it never read again.
@Suite struct ValueLifetimeTests {
  @Test(arguments: 0..<20)
  func valueIsFreedWithItsEnvironment(round: Int) {
    let workers = ParkedThreads(count: 3)
    defer { workers.stop() }
    let weak = Weak()
    do {
      let service = WatchedService()
      weak.service = service
      let environment = Unchecked(WatchedServiceEnvironment().with(\.watchedService, service))
      #expect(readEveryWay(environment.value))
      workers.runOnEach { #expect(readEveryWay(environment.value)) }
    }
    // Another test's write may have taken the value out of a cache and be releasing it.
    ThreadReadCache.waitForPurges()
    #expect(weak.service == nil)
  }

  @Test(arguments: 0..<20)
  func valueReplacedByWithIsFreed(round: Int) {
    let workers = ParkedThreads(count: 3)
    defer { workers.stop() }
    let weak = Weak()
    let environment = Unchecked(WatchedServiceEnvironment())
    do {
      let service = WatchedService()
      weak.service = service
      environment.value.with(\.watchedService, service)
      #expect(readEveryWay(environment.value))
      workers.runOnEach { #expect(readEveryWay(environment.value)) }
    }
    let replacement = WatchedService()
    environment.value.with(\.watchedService, replacement)
    // Another test's write may have taken the value out of a cache and be releasing it.
    ThreadReadCache.waitForPurges()
    #expect(weak.service == nil)
    #expect(environment.value.service === replacement)
  }

  @Test(arguments: 0..<20)
  func valueIsFreedWhenTheChildThatReadItIsReleased(round: Int) {
    let workers = ParkedThreads(count: 2)
    defer { workers.stop() }
    let weak = Weak()
    let root = WatchedServiceEnvironment()
    do {
      // A value set on a child read there, while the root lives on.
      let child = Unchecked(WatchedServiceEnvironment())
      let service = WatchedService()
      weak.service = service
      child.value.with(\.watchedService, service)
      root.node.set(WatchedServiceKey.self, WatchedService?.none)
      #expect(readEveryWay(child.value))
      workers.runOnEach { #expect(readEveryWay(child.value)) }
    }
    // Another test's write may have taken the value out of a cache and be releasing it.
    ThreadReadCache.waitForPurges()
    #expect(weak.service == nil)
    #expect(root.service == nil)
  }
}

/// Shares a non-Sendable environment with worker threads, which only read it.
private struct Unchecked<Value>: @unchecked Sendable {
  // @unchecked: environments are safe to read from several threads.
  let value: Value
  init(_ value: Value) { self.value = value }
}
