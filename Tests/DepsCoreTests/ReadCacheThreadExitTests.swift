import DepsTestSupport
import Testing

@testable import DepsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Deps supports Apple platforms and Linux: this platform has neither Darwin, Glibc nor Musl.")
#endif

/// A thread's read cache ends with the thread: what it holds is released, and a read later in the
/// thread's exit (another thread-local key's destructor) gets a cache of its own, never the one
/// released.
@Suite struct ReadCacheThreadExitTests {
  private final class Cached: Sendable {}

  @Test func whatAThreadCachedIsReleasedWhenItExits() {
    let watched = Locked<WeakBox?>(nil)
    let cached = Locked<Bool>(false)
    let ended = ShortLivedThreads.run(count: 1) { _ in
      let value = Cached()
      watched.withLock { $0 = WeakBox(value) }
      let isCached = cache(value, scope: ThreadReadCache.newScope())
      cached.withLock { $0 = isCached }
    }
    #expect(ended, "the thread did not end within 60 s")
    #expect(cached.withLock { $0 }, "no entry stayed cached over 100 tries")
    let box = watched.withLock { $0 }
    #expect(
      box?.becomesNil(within: .seconds(10)) == true, "a thread's cached value outlived the thread by 10 s")
  }

  @Test func aReadInAnotherKeysDestructorAfterTheCacheIsGoneGetsANewCache() throws {
    // This thread's cache makes the cache's key before the key below: destructors run in the
    // order keys were made, so the read below runs after the cache's key released the cache.
    _ = ThreadReadCache.cachedValue(scope: ThreadReadCache.newScope(), key: 1, as: Int.self)
    var key = pthread_key_t()
    try #require(pthread_key_create(&key, readDuringExit) == 0)
    let testKey = key
    defer { pthread_key_delete(testKey) }
    let scope = ThreadReadCache.newScope()
    destructorReads.withLock { $0 = DestructorReads(scope: scope) }
    // Returns once the thread ended, its thread-local destructors included.
    let ended = ShortLivedThreads.run(count: 1) { _ in
      // Found now, from the thread's cache.
      let isCached = cache(7, scope: scope)
      destructorReads.withLock { $0.beforeExit = isCached ? 7 : nil }
      pthread_setspecific(testKey, UnsafeRawPointer(bitPattern: 1))
    }
    let reads = destructorReads.withLock { $0 }
    #expect(ended, "the thread did not end within 60 s")
    #expect(reads.ran, "the test key's destructor did not run by the thread's end")
    #expect(reads.beforeExit == 7)
    // A new, empty cache: the released one (whose entry said 7) is not read.
    #expect(reads.inDestructor == .some(nil))
  }
}

/// Caches `value` under (`scope`, key 1) on the calling thread and returns whether it is there.
/// Another test's write empties every thread's cache (and refuses a store that raced it): try
/// again then, up to 100 times.
private func cache<Value: Sendable>(_ value: Value, scope: UInt64) -> Bool {
  for _ in 0..<100 {
    ThreadReadCache.store(
      ValueBox(value), scope: scope, key: 1, owner: nil, generation: DependencyGeneration.current)
    if ThreadReadCache.cachedValue(scope: scope, key: 1, as: Value.self) != nil { return true }
  }
  return false
}

/// What the test key's destructor read.
private struct DestructorReads: Sendable {
  var scope: UInt64 = 0
  var beforeExit: Int?
  var inDestructor: Int??
  var ran: Bool { inDestructor != nil }
}

private let destructorReads = Locked(DestructorReads())

/// The test key's destructor: reads the scope's entry through the read cache, during the thread's
/// exit, after the cache's own key released the thread's cache.
#if canImport(Darwin)
  private func readDuringExit(_: UnsafeMutableRawPointer) { recordDestructorRead() }
#else
  private func readDuringExit(_: UnsafeMutableRawPointer?) { recordDestructorRead() }
#endif

private func recordDestructorRead() {
  destructorReads.withLock { reads in
    reads.inDestructor = .some(ThreadReadCache.cachedValue(scope: reads.scope, key: 1, as: Int.self))
  }
}
