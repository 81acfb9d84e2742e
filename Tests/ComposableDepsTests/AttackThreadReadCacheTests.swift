import ComposableDeps
import DepsTestSupport
import Foundation
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

// Attacks on the per-thread read cache that reads find through the pthread key that owns it:
// first reads by many threads at once, threads that end while the tree
// is written, reads from another thread-local's destructor, pool threads, and what the caches
// of ended and parked threads keep alive. The keys (DepsTestSupport's
// NamedObjects.swift) are only the attack suites', so other suites never see them.

private final class AttackEnvironment: ComposableEnvironment {
  @Dependency(\.attackFirst) var a
  @Dependency(\.attackSecond) var b
  @Dependency(\.namedObject) var object
  @Derived var child: AttackChildEnvironment
}

private final class AttackChildEnvironment: ComposableEnvironment {
  @Dependency(\.attackFirst) var a
  @Dependency(AttackSecondKey.self) var b
  @Dependency(\.namedObject) var object
}

/// A root environment handed to other threads (environments are thread-safe inside).
private typealias SharedRoot = Unchecked<AttackEnvironment>

@Suite struct AttackThreadReadCacheTests {
  /// 200 threads read for the first time at once (the same dependencies and each its own share),
  /// while the root is written from another thread: every read is a value the root had, a thread
  /// never reads a value older than one it read before, and once the writes are over every thread,
  /// new or parked, reads the last.
  @Test func firstReadsOfManyThreadsAtOnceWhileTheRootIsWritten() {
    let root = SharedRoot(AttackEnvironment().with(\.attackFirst, 0).with(\.attackSecond, 1_000))
    let writes = StressScale.scaled(2_000)
    let parked = ParkedThreads(count: 8)
    defer { parked.stop() }
    parked.runOnEach {
      #expect(root.value.b == 1_000)
      #expect(root.value.a >= 0)
    }
    let failures = ReadStorm.whileWriting(writes, write: { root.value.with(\.attackFirst, $0) }) { index in
      var last = -1
      var failures: [String] = []
      for round in 0..<20 {
        let a = index.isMultiple(of: 2) ? root.value.a : root.value.child.a
        let b = index.isMultiple(of: 3) ? root.value.child.b : root.value.b
        if a < last || a > writes || b != 1_000 {
          failures.append("thread \(index) round \(round): a \(a) after \(last), b \(b)")
        }
        last = a
      }
      return failures
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
    // The writes are over: every thread reads the last value, parked ones (caches made before the
    // writes) and new ones alike.
    #expect(ReadStorm.lastReads(on: parked) { root.value.child.a } == Array(repeating: writes, count: 28))
    #expect(root.value.a == writes && root.value.child.a == writes)
  }

  /// A class value that parked threads, ended threads, pool threads (detached tasks,
  /// `concurrentPerform`) and a thread-local destructor read, each twice so that it is cached, is
  /// freed with the root environment that set it.
  @Test func aValueCachedByParkedAndEndedThreadsIsFreedWithItsRoot() async {
    let parked = ParkedThreads(count: 8)
    defer { parked.stop() }
    let watched: WeakBox = await {
      let object = NamedObject("set on the root")
      let watched = WeakBox(object)
      let root = SharedRoot(AttackEnvironment().with(\.namedObject, object))
      let names = Locked<[String]>([])
      let read: @Sendable () -> Void = {
        let first = root.value.object.name
        let second = root.value.child.object.name
        names.withLock { $0 += [first, second, root.value.object.name] }
      }
      parked.runOnEach(read)
      #expect(ShortLivedThreads.run(count: 50) { _ in read() })
      let pooled = await ReadStorm.onPoolThreads(read)
      // Each reader reads three times: 8 parked threads, 50 ended ones, the pool's.
      #expect(names.withLock { $0.count } == (8 + 50 + pooled) * 3)
      #expect(names.withLock { $0.allSatisfy { $0 == "set on the root" } })
      return watched
    }()
    ThreadReadCache.waitForPurges()
    #expect(watched.becomesNil(), "a value cached by other threads outlived its root by 10 s")
  }

  /// Threads that read in a destructor of a thread-local key made after the cache's (which runs
  /// after the cache was released at the thread's exit) read the root's value, and what they
  /// cache then is freed with the root.
  @Test func readsInAnotherThreadLocalsDestructorReadTheRootAndFreeItsValue() throws {
    // This thread's first read makes the cache's key before the key below.
    _ = AttackEnvironment().a
    var key = pthread_key_t()
    try #require(pthread_key_create(&key, attackReadAtExit) == 0)
    let testKey = key
    defer { pthread_key_delete(testKey) }
    let watched: WeakBox = {
      let object = NamedObject("read at exit")
      let watched = WeakBox(object)
      let root = SharedRoot(AttackEnvironment().with(\.namedObject, object).with(\.attackFirst, 41))
      exitReads.withLock { $0 = ExitReads(root: root) }
      let ended = ShortLivedThreads.run(count: 100) { _ in
        // Cached before the exit, released by the cache's destructor, read again after it.
        _ = root.value.a + root.value.child.a
        pthread_setspecific(testKey, UnsafeRawPointer(bitPattern: 1))
      }
      #expect(ended, "100 threads did not end within 60 s")
      let reads = exitReads.withLock { $0 }
      #expect(reads.values == Array(repeating: "41 read at exit read at exit", count: 100))
      exitReads.withLock { $0 = ExitReads(root: nil) }
      return watched
    }()
    ThreadReadCache.waitForPurges()
    #expect(watched.becomesNil(), "a value read in a thread-local destructor outlived its root by 10 s")
  }

  /// Threads by the thousand (10,000 at full scale) that read a few dependencies and end, while the
  /// root is written between batches, and a million reads (at full scale) on the threads that
  /// stay: the resident set does not grow with the number of threads, and each read sees the root.
  @Test func thousandsOfThreadsThatReadAndEndKeepMemoryBounded() throws {
    let root = SharedRoot(AttackEnvironment().with(\.attackFirst, 0).with(\.attackSecond, 7))
    let threads = StressScale.scaled(10_000)
    let batch = 50
    let batches = max(4, threads / batch)
    let wrong = Locked(0)
    var rss: [Int] = []
    for round in 0..<batches {
      root.value.with(\.attackFirst, round)
      let ended = ShortLivedThreads.run(count: batch) { _ in
        let read = root.value.a + root.value.child.a + root.value.b + root.value.child.b
        if read != 2 * round + 14 { wrong.withLock { $0 += 1 } }
      }
      try #require(ended, "a batch of \(batch) threads did not end within 60 s")
      if round == batches / 4 || round == batches - 1 {
        rss.append(try #require(ShortLivedThreads.residentKilobytes()))
      }
    }
    let reads = StressScale.scaled(1_000_000)
    let perThread = reads / 4
    #expect(
      ShortLivedThreads.run(count: 4) { _ in
        var sum = 0
        for _ in 0..<perThread { sum &+= root.value.child.b }
        if sum != 7 * perThread { wrong.withLock { $0 += 1 } }
      })
    rss.append(try #require(ShortLivedThreads.residentKilobytes()))
    #expect(wrong.withLock { $0 } == 0)
    // Three quarters of the threads, and the reads, after the first measure: a cache or a registry
    // entry kept per ended thread would grow the resident set with them. 64 MB of slack for the
    // suites running alongside. (Not under the sanitizers, which keep memory resident.)
    if !ShortLivedThreads.sanitizerKeepsMemory {
      #expect(rss[2] - rss[0] < 64 * 1_024, "resident set grew from \(rss[0]) kB to \(rss) kB")
    }
  }
}

/// What the reads in the test key's destructor found.
private struct ExitReads: Sendable {
  var root: SharedRoot?
  var values: [String] = []
}

private let exitReads = Locked(ExitReads(root: nil))

#if canImport(Darwin)
  private func attackReadAtExit(_: UnsafeMutableRawPointer) { recordExitRead() }
#else
  private func attackReadAtExit(_: UnsafeMutableRawPointer?) { recordExitRead() }
#endif

private func recordExitRead() {
  guard let root = exitReads.withLock({ $0.root }) else { return }
  let value = "\(root.value.child.a) \(root.value.object.name) \(root.value.child.object.name)"
  exitReads.withLock { $0.values.append(value) }
}
