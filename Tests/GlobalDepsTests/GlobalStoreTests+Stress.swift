import DepsTestSupport
import Dispatch
import Testing

@testable import DepsCore
@testable import GlobalDeps

private func setSlot(_ index: Int, _ value: Int) {
  func set<Key: StormSlot>(_ key: Key.Type) { AppEnvironment().with(key, value) }
  set(stormSlots[index])
}
private func readSlot(_ index: Int) -> Int {
  func read<Key: StormSlot>(_ key: Key.Type) -> Int { Dependency(key).wrappedValue }
  return read(stormSlots[index])
}

/// What one storm thread writes: `thread * stride + index + 1`, so every value names its writer
/// and its step, and no write equals a default.
private let stride = 10_000_000

extension GlobalStoreTests {
  /// Storms on the process-wide store; serialized with the other store tests by the enclosing
  /// suite. Bounded in count and time; see ``StressScale`` for the counts under the sanitizers.
  /// The keys are the storms' own, so `withDependencies` tests running in parallel are unaffected.
  @Suite struct Storms {
    init() {
      Dependencies.reset()
      Dependencies.clearAliases()
    }

    @Test func eightThreadsOfMixedReadsWritesAndAliasChanges() {
      let threads = 8
      let operations = StressScale.scaled(100_000)
      let failures = Locked<[String]>([])
      let lastSlotWrites = Locked<[Int: Int]>([:])
      let lastSharedWrites = Locked<[Int]>([])

      @Sendable func isWritten(_ value: Int, step: Int) -> Bool {
        let index = (value - 1) % stride
        return value > 0 && (value - 1) / stride < threads && index < operations && index % 10 == step
      }

      DispatchQueue.concurrentPerform(iterations: threads) { thread in
        let environment = AppEnvironment()
        var problems: [String] = []
        var lastSlot = -1
        var lastShared = 0
        for index in 0..<operations {
          let value = thread * stride + index + 1
          switch index % 10 {
          case 0:
            environment.with(\.stormShared, value)
            lastShared = value
          case 1:
            setSlot(thread, value)
            lastSlot = value
          case 2:
            environment[\.stormFirst] = value
          case 3:
            environment.with(\.stormAlias, value)
          case 4 where index % 1_000 == 4:
            // Alias changes, process-wide: repoint the alias between two dependencies.
            if (index / 1_000 + thread) % 2 == 0 {
              environment.aliasing(\.stormAlias, to: \.stormFirst)
            } else {
              environment.aliasing(\.stormAlias, to: \.stormSecond)
            }
          default:
            let shared = Dependency(\.stormShared).wrappedValue
            if shared != 0 && !isWritten(shared, step: 0) { problems.append("shared read \(shared)") }
            let own = readSlot(thread)
            if own != lastSlot { problems.append("slot \(thread) read \(own), last wrote \(lastSlot)") }
            let other = readSlot((thread + 1) % threads)
            if other != -1 && !isWritten(other, step: 1) { problems.append("slot read \(other)") }
            let aliased = environment[\.stormAlias]
            if ![-2, -3, -4].contains(aliased) && !isWritten(aliased, step: 2) && !isWritten(aliased, step: 3)
            {
              problems.append("alias read \(aliased)")
            }
          }
        }
        if !problems.isEmpty {
          failures.withLock { $0 += problems.prefix(5) }
        }
        lastSlotWrites.withLock { $0[thread] = lastSlot }
        lastSharedWrites.withLock { $0.append(lastShared) }
      }

      #expect(failures.withLock { $0 } == [])
      // The last write wins: each thread's own dependency holds its last write, the shared one
      // one of the threads' last writes.
      for thread in 0..<threads {
        let slot = readSlot(thread)
        #expect(slot == lastSlotWrites.withLock { $0[thread] })
      }
      let shared = Dependency(\.stormShared).wrappedValue
      #expect(lastSharedWrites.withLock { $0 }.contains(shared))
    }

    @Test func aThousandConcurrentWithDependenciesScopes() async {
      let tasks = 1_000
      let storeWrites = 1_000
      let failures = await withTaskGroup(of: [String].self) { group in
        // Meanwhile the store itself is written: no scope may see those writes for the keys it set.
        group.addTask {
          for value in 1...storeWrites {
            AppEnvironment().with(\.stormShared, -value)
            if value % 10 == 0 { await Task.yield() }
          }
          return []
        }
        for task in 0..<tasks {
          group.addTask {
            await withDependencies {
              $0.stormShared = task
            } operation: {
              var problems: [String] = []
              let model = StormModel()
              if model.shared != task { problems.append("task \(task) read \(model.shared)") }
              await Task.yield()
              let nested = withDependencies {
                $0.stormFirst = task * 2
              } operation: {
                (Dependency(\.stormShared).wrappedValue, Dependency(\.stormFirst).wrappedValue)
              }
              if nested != (task, task * 2) { problems.append("task \(task) nested read \(nested)") }
              let child = await Task { AppEnvironment()[\.stormShared] }.value
              if child != task { problems.append("task \(task) child task read \(child)") }
              if AppEnvironment()[\.stormFirst] != -2 { problems.append("task \(task): nested scope leaked") }
              return problems
            }
          }
        }
        var all: [String] = []
        for await problems in group { all += problems }
        return all
      }
      #expect(failures == [])
      // Scopes never wrote the store; its last write wins.
      #expect(Dependency(\.stormShared).wrappedValue == -storeWrites)
      #expect(Dependency(\.stormFirst).wrappedValue == -2)
    }
  }
}

private struct StormModel: Sendable {
  @Dependency(\.stormShared) var shared
}
