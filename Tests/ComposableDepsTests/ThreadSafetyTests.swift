import Dispatch
import Testing

@testable import ComposableDeps
@testable import DepsCore

@Suite struct ThreadSafetyTests {
  @Test func readsWritesAndLazyChildrenFromManyThreads() {
    // The environment is not Sendable by design (see ComposableEnvironment); it is safe to share.
    nonisolated(unsafe) let root = RootEnvironment()
    let iterations = 2_000
    let mismatches = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<iterations {
        switch thread {
        case 0:
          root.with(\.int, index)
        case 1:
          root.first.second.with(\.mainQueue, "q\(index)")
        default:
          // Lazy creation of the same children races on every thread.
          let leaf = root.first.second.leaf
          let value = leaf.int
          if value < 0 || value >= iterations && value != 1 { mismatches.withLock { $0 += 1 } }
          _ = root.aliased.leaf.main
          _ = leaf.mainQueue
        }
      }
    }
    #expect(mismatches.withLock { $0 } == 0)
    #expect(root.first.second.leaf.int == iterations - 1)
    #expect(root.first.second.leaf[\.mainQueue] == "q\(iterations - 1)")
    // Every thread got the same lazily created child.
    let leaves = Locked<[ObjectIdentifier]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      let id = ObjectIdentifier(root.second.leaf)
      leaves.withLock { $0.append(id) }
    }
    #expect(Set(leaves.withLock { $0 }).count == 1)
  }
}
