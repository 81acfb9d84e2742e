import DepsTestSupport
import Foundation
import Testing

@testable import ComposableDeps
@testable import DepsCore

// A `@Derived` child, and the child an environment-less pullback derives, is built once however
// many threads read it for the first time at once: the first thread builds it, the others wait
// for that build. (Before: every thread that raced built its own, each attached to the parent and
// purging every thread's read cache, then all but one dropped.)

/// Counts the children built; `init` sleeps a little so that racing threads meet in it.
private let childrenBuilt = Locked(0)

private final class SlowChild: ComposableEnvironment {
  required init() {
    childrenBuilt.withLock { $0 += 1 }
    usleep(200)
    super.init()
  }
}

private final class SlowParent: ComposableEnvironment {
  @Derived var child: SlowChild
}

@Suite(.serialized) struct ChildBuiltOnceTests {
  private static let rounds = 100

  /// Runs `read` on 8 threads at once for each of `rounds` fresh parents; returns the children
  /// built and whether every thread of a round got the same child.
  private static func race(
    _ read: @escaping @Sendable (SlowParent) -> ComposableEnvironment
  ) -> (built: Int, sameChild: Bool) {
    let threads = ParkedThreads(count: 8)
    defer { threads.stop() }
    childrenBuilt.withLock { $0 = 0 }
    var sameChild = true
    for _ in 0..<rounds {
      // Not Sendable by design (see ComposableEnvironment); safe to share between threads.
      nonisolated(unsafe) let parent = SlowParent().with(\.int, 5)
      let seen = Locked<Set<ObjectIdentifier>>([])
      threads.runOnEach {
        let child = read(parent)
        #expect(child[\.int] == 5)
        _ = seen.withLock { $0.insert(ObjectIdentifier(child)) }
      }
      sameChild = sameChild && seen.withLock { $0.count } == 1
    }
    return (childrenBuilt.withLock { $0 }, sameChild)
  }

  @Test func aDerivedChildReadOnEightThreadsAtOnceIsBuiltOnce() {
    let result = Self.race { $0.child }
    #expect(result.sameChild)
    #expect(result.built == Self.rounds)
  }

  @Test func aPulledBackChildReadOnEightThreadsAtOnceIsBuiltOnce() {
    let result = Self.race { $0.pulledBackChild(SlowChild.self) }
    #expect(result.sameChild)
    #expect(result.built == Self.rounds)
  }
}
