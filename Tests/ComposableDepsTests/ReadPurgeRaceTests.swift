import DepsTestSupport
import Dispatch
import Synchronization
import Testing

@testable import ComposableDeps

// On Linux a thread reads its read cache without a lock: it marks the cache as being read, and a
// purge (a write, an environment's end) waits for the mark to clear before it takes entries out
// and releases them (`ThreadReadCache`). Here readers copy a class value out of their caches
// while a writer replaces it, purging every cache each time: a read that copied from a box a purge
// had freed would read a dead object (which the thread and address sanitizers catch in CI).

private final class Tagged: Sendable {
  let tag: Int
  init(tag: Int) { self.tag = tag }
}

private enum TaggedKey: DependencyKey {
  static let defaultValue = Tagged(tag: 0)
  static let testValue = defaultValue
}

extension Dependencies {
  fileprivate var tagged: Tagged {
    get { self[TaggedKey.self] }
    set { self[TaggedKey.self] = newValue }
  }
}

private final class TaggedEnvironment: ComposableEnvironment {
  @Dependency(\.tagged) var tagged
}

@Suite struct ReadPurgeRaceTests {
  @Test func readersCopyingValuesWhileWritesPurgeTheirCachesGetLiveValues() {
    let writes = StressScale.scaled(20_000)
    // Not Sendable by design (see ComposableEnvironment); safe to share.
    nonisolated(unsafe) let environment = TaggedEnvironment()
    let written = Atomic<Int>(0)
    let problems = Locked<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      guard thread != 0 else {
        for tag in 1...writes {
          environment.tagged = Tagged(tag: tag)
          written.store(tag, ordering: .releasing)
        }
        return
      }
      // Bounded: at most 50 reads a write, and no more once the writer is done.
      var last = 0
      for _ in 0..<(writes * 50) {
        let done = written.load(ordering: .acquiring) == writes
        let tag = environment.tagged.tag
        // Never older than what this thread read before, never a freed object's.
        if tag < last || tag > writes { problems.withLock { $0.append("read \(tag) after \(last)") } }
        last = max(last, tag)
        if done {
          // Read after the last write ended: its value.
          if tag != writes { problems.withLock { $0.append("read \(tag) after the last write") } }
          break
        }
      }
    }
    #expect(problems.withLock { $0 }.isEmpty, "\(problems.withLock { $0.prefix(5) })")
  }
}
