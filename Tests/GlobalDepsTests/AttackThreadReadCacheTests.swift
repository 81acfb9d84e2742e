import DepsTestSupport
import Foundation
import GlobalDeps
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

// Attacks on the per-thread read cache (found through the pthread key that owns it) through
// GlobalDeps: first reads of the store and of scopes by many threads at once
// while the store is written, threads that end meanwhile, reads in another thread-local's
// destructor, and what the caches of ended and parked threads keep alive of a scope. The keys
// (DepsTestSupport's NamedObjects.swift) are only the attack suites', so other suites never see
// them.

/// `@Dependency` in a plain type, and an environment to write the store through.
private final class AttackModel: @unchecked Sendable {
  // @unchecked: its `@Dependency` properties (`Sendable`) are set once, when it is made.
  @Dependency(\.attackFirst) var store
  @Dependency(AttackSecondKey.self) var scoped
  @Dependency(\.namedObject) var object
}

private struct AttackStoreEnvironment: GlobalEnvironment {}

extension GlobalStoreTests {
  /// In the store suite, serialized with the other tests that write the store: a
  /// `Dependencies.reset()` of theirs run during the storm would put `attackFirst` back to its
  /// default while the parked threads read it.
  @Suite struct AttackGlobalThreadReadCacheTests {
    /// 200 threads read for the first time at once, the store and scopes of their own (nested, and
    /// through models made in them, used during and after the scope), while the store is written:
    /// each scope read is the thread's own value, a store read never goes back to an older value,
    /// and once the writes are over every thread, new or parked, reads the last.
    @Test func firstReadsOfManyThreadsInScopesOfTheirOwnWhileTheStoreIsWritten() {
      let environment = AttackStoreEnvironment().with(\.attackFirst, 0)
      let writes = StressScale.scaled(2_000)
      let parked = ParkedThreads(count: 8)
      defer { parked.stop() }
      parked.runOnEach { #expect(AttackModel().store >= 0) }
      let failures = ReadStorm.whileWriting(writes, write: { environment.with(\.attackFirst, $0) }) { index in
        var last = -1
        var failures: [String] = []
        let model = withDependencies {
          $0.attackSecond = index
        } operation: {
          var reads: [Int] = []
          for _ in 0..<5 {
            reads.append(AttackModel().scoped)
            reads.append(Dependency(\.attackSecond).wrappedValue)
            reads += withDependencies {
              $0.namedObject = NamedObject("\(index)")
            } operation: {
              [Int(AttackModel().object.name) ?? -1, AttackModel().scoped]
            }
          }
          if reads != Array(repeating: index, count: 20) {
            failures.append("thread \(index) read \(reads) in its scope")
          }
          return AttackModel()
        }
        for round in 0..<10 {
          let store = index.isMultiple(of: 2) ? model.store : Dependency(\.attackFirst).wrappedValue
          let scoped = model.scoped
          if store < last || store > writes || scoped != index {
            failures.append("thread \(index) round \(round): \(store) after \(last), \(scoped)")
          }
          last = store
        }
        return failures
      }
      #expect(failures.isEmpty, "\(failures.prefix(5))")
      #expect(ReadStorm.lastReads(on: parked) { AttackModel().store } == Array(repeating: writes, count: 28))
    }

    /// A class value set in a scope, which parked threads, ended threads, pool threads and a
    /// thread-local destructor read (twice, so that it is cached) through a model made in the scope
    /// and through scopes of their own made from that model, is freed when the model goes; a value
    /// set in a scope a parked thread made and read in a loop is freed when that scope ends.
    @Test func aScopeValueCachedByParkedAndEndedThreadsIsFreedWithTheScope() async throws {
      let parked = ParkedThreads(count: 8)
      defer { parked.stop() }
      var key = pthread_key_t()
      try #require(pthread_key_create(&key, attackGlobalReadAtExit) == 0)
      let testKey = key
      defer { pthread_key_delete(testKey) }
      let ownScopes = Locked<[WeakBox]>([])
      let watched: WeakBox = await {
        let object = NamedObject("set in the scope")
        let watched = WeakBox(object)
        let model = withDependencies {
          $0.namedObject = object
        } operation: {
          AttackModel()
        }
        let names = Locked<[String]>([])
        let read: @Sendable () -> Void = {
          let first = model.object.name
          let second = withDependencies(from: model) {
            $0.attackSecond = 1
          } operation: {
            _ = AttackModel().object
            return AttackModel().object.name
          }
          names.withLock { $0 += [first, second, model.object.name] }
        }
        parked.runOnEach {
          read()
          let own = NamedObject("a parked thread's own")
          ownScopes.withLock { $0.append(WeakBox(own)) }
          withDependencies {
            $0.namedObject = own
          } operation: {
            for _ in 0..<3 { _ = AttackModel().object }
          }
        }
        exitModel.withLock { $0 = model }
        #expect(
          ShortLivedThreads.run(count: 50) { _ in
            read()
            pthread_setspecific(testKey, UnsafeRawPointer(bitPattern: 1))
          })
        exitModel.withLock { $0 = nil }
        let pooled = await ReadStorm.onPoolThreads(read)
        // Each reader reads three times: 8 parked threads, 50 ended ones, the pool's.
        #expect(names.withLock { $0.count } == (8 + 50 + pooled) * 3)
        #expect(names.withLock { $0.allSatisfy { $0 == "set in the scope" } })
        #expect(exitNames.withLock { $0 } == Array(repeating: "set in the scope", count: 50))
        return watched
      }()
      ThreadReadCache.waitForPurges()
      #expect(watched.becomesNil(), "a scope's value cached by other threads outlived the scope by 10 s")
      for own in ownScopes.withLock({ $0 }) {
        #expect(own.becomesNil(), "a value of a parked thread's ended scope outlived it by 10 s")
      }
    }
  }
}

private let exitModel = Locked<AttackModel?>(nil)
private let exitNames = Locked<[String]>([])

#if canImport(Darwin)
  private func attackGlobalReadAtExit(_: UnsafeMutableRawPointer) { recordGlobalExitRead() }
#else
  private func attackGlobalReadAtExit(_: UnsafeMutableRawPointer?) { recordGlobalExitRead() }
#endif

private func recordGlobalExitRead() {
  guard let model = exitModel.withLock({ $0 }) else { return }
  let name = model.object.name
  _ = model.object
  exitNames.withLock { $0.append(name) }
}
