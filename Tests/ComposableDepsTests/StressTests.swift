import DepsTestSupport
import Dispatch
import Testing

@testable import ComposableDeps

private final class StormRoot: ComposableEnvironment {
  @Derived var middle: StormMiddle
}
private final class StormMiddle: ComposableEnvironment {
  @Derived var leaf: StormLeaf
}
private final class StormLeaf: ComposableEnvironment {
  @Derived var next: StormLeaf
}

/// What one storm thread writes: `thread * stride + index + 1`, so every value names its writer
/// and its step, and no write equals a default.
private let stride = 10_000_000

private func set<Key: StormSlot>(_ key: Key.Type, _ value: Int, on environment: ComposableEnvironment) {
  environment.with(key, value)
}
private func read<Key: StormSlot>(_ key: Key.Type, on environment: ComposableEnvironment) -> Int {
  environment.node.read(key)
}

private func readSlot(_ index: Int, on environment: ComposableEnvironment) -> Int {
  read(stormSlots[index], on: environment)
}

/// Bounded in count and time; see ``StressScale`` for the counts under the sanitizers.
@Suite(.serialized) struct StressTests {
  @Test func eightThreadsOfReadsWritesAliasChangesAndLazyChildren() {
    let threads = 8
    let operations = StressScale.scaled(100_000)
    // The tree changes every `operations / epochs` steps: the new one's children are created
    // lazily by whichever threads reach them first, while the others write.
    let epochs = 20
    nonisolated(unsafe) let roots = (0..<epochs).map { _ in StormRoot() }
    let failures = Locked<[String]>([])
    let lastSlotWrites = Locked<[Int: Int]>([:])
    let lastSharedWrites = Locked<[Int]>([])

    @Sendable func isWritten(_ value: Int, step: Int) -> Bool {
      let index = (value - 1) % stride
      return value > 0 && (value - 1) / stride < threads && index < operations && index % 10 == step
    }

    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      var problems: [String] = []
      var lastSlot = -1
      var lastShared = 0
      var epoch = -1
      for index in 0..<operations {
        let now = index * epochs / operations
        if now != epoch {
          epoch = now
          lastSlot = -1
        }
        let root = roots[epoch]
        let value = thread * stride + index + 1
        switch index % 10 {
        case 0:
          root.with(\.stormShared, value)
          if epoch == epochs - 1 { lastShared = value }
        case 1:
          set(stormSlots[thread], value, on: root)
          lastSlot = value
        case 2:
          root.middle.with(\.stormFirst, value)
        case 3:
          root.middle.leaf.with(\.stormAlias, value)
        case 4 where index % 1_000 == 4:
          // Alias changes: repoint the leaf's alias between two dependencies.
          if (index / 1_000 + thread) % 2 == 0 {
            root.middle.leaf.aliasing(\.stormAlias, to: \.stormFirst)
          } else {
            root.middle.leaf.aliasing(\.stormAlias, to: \.stormSecond)
          }
        default:
          // Lazy creation races here: the first threads to reach a new tree create its children.
          let leaf = root.middle.leaf.next.next
          let shared = leaf.node.value(\.stormShared)
          if shared != 0 && !isWritten(shared, step: 0) { problems.append("shared read \(shared)") }
          let own = readSlot(thread, on: leaf)
          if own != lastSlot { problems.append("slot \(thread) read \(own), last wrote \(lastSlot)") }
          let other = readSlot((thread + 1) % threads, on: leaf)
          if other != -1 && !isWritten(other, step: 1) { problems.append("slot read \(other)") }
          let aliased = leaf.node.value(\.stormAlias)
          if ![-2, -3, -4].contains(aliased) && !isWritten(aliased, step: 2) && !isWritten(aliased, step: 3) {
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
    // The last write wins: each thread's own dependency holds its last write, and the shared one
    // holds one of the threads' last writes.
    let leaf = roots[epochs - 1].middle.leaf.next.next
    for thread in 0..<threads {
      let slot = readSlot(thread, on: leaf)
      #expect(slot == lastSlotWrites.withLock { $0[thread] })
    }
    #expect(lastSharedWrites.withLock { $0 }.contains(leaf.node.value(\.stormShared)))
    // And a write after the storm is read everywhere.
    roots[epochs - 1].with(\.stormShared, -100)
    #expect(leaf.node.value(\.stormShared) == -100)
  }
}
