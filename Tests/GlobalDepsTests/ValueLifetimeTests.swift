import DepsCore
import DepsTestSupport
import Testing

@testable import GlobalDeps

/// A service whose release the tests watch through a weak reference.
private final class ScopedService: Sendable {}

private enum ScopedServiceKey: DependencyKey {
  static var defaultValue: ScopedService? { nil }
  static var testValue: ScopedService? { defaultValue }
}

extension Dependencies {
  fileprivate var scopedService: ScopedService? {
    get { self[ScopedServiceKey.self] }
    set { self[ScopedServiceKey.self] = newValue }
  }
}

private struct ServiceEnvironment: GlobalEnvironment {
  @Dependency(\.scopedService) var service
  @Dependency(ScopedServiceKey.self) var serviceByKey
}

private final class Weak: @unchecked Sendable {
  // @unchecked: only read after the threads that wrote it are parked.
  weak var service: ScopedService?
}

private func readEveryWay() -> ScopedService? {
  let environment = ServiceEnvironment()
  let byKeyPath = environment.service
  let byKey = environment.serviceByKey
  let bySubscript = environment[\.scopedService]
  return byKeyPath === byKey && byKey === bySubscript ? byKey : nil
}

/// Sets a fresh service in a scope, reads it `reads` times every way on this thread and on three
/// parked worker threads (through the escaped scope), ends the scope, and returns whether the
/// service was freed.
private func serviceIsFreedWhenItsScopeEnds(reads: Int) -> Bool {
  let workers = ParkedThreads(count: 3)
  defer { workers.stop() }
  let weak = Weak()
  do {
    let service = ScopedService()
    weak.service = service
    withDependencies {
      $0.scopedService = service
    } operation: {
      for _ in 0..<reads { #expect(readEveryWay() === service) }
      withEscapedDependencies { dependencies in
        workers.runOnEach {
          dependencies.yield {
            for _ in 0..<reads { #expect(readEveryWay() != nil) }
          }
        }
      }
    }
  }
  // Another test's write may have taken the value out of a cache and be releasing it.
  ThreadReadCache.waitForPurges()
  return weak.service == nil
}

/// The per-thread read caches never keep a scope's value alive after the scope ends, though the
/// threads that read it in the scope never read again.
@Suite struct ValueLifetimeTests {
  @Test(arguments: 0..<20)
  func aScopesValueIsFreedWhenTheScopeEnds(round: Int) {
    #expect(serviceIsFreedWhenItsScopeEnds(reads: 1))
    #expect(readEveryWay() == nil)
  }

  /// Threads cache a scope's reads from their second read through it on; its end purges them.
  @Test(arguments: 0..<20)
  func aScopesValueReadRepeatedlyIsFreedWhenTheScopeEnds(round: Int) {
    #expect(serviceIsFreedWhenItsScopeEnds(reads: 3))
  }
}
