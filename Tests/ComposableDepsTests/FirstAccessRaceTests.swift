import Dispatch
import Testing

@testable import ComposableDeps
@testable import DepsCore

// `@Derived` children and the children of environment-less pullbacks are read without a lock once
// published. These races make the first reads of many fresh environments at once, on 8 threads,
// and check that every thread gets the one child that was published, attached to its parent.

private final class RaceChild: ComposableEnvironment {}
private final class RaceOtherChild: ComposableEnvironment {}
private final class RaceThirdChild: ComposableEnvironment {}
private final class RaceParent: ComposableEnvironment {
  @Derived var child: RaceChild
}

@Suite struct FirstAccessRaceTests {
  @Test func everyThreadGetsTheOneDerivedChild() {
    for _ in 0..<200 {
      // Not Sendable by design (see ComposableEnvironment); safe to share.
      nonisolated(unsafe) let parent = RaceParent().with(\.int, 7)
      let seen = Locked<[ObjectIdentifier]>([])
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        let child = parent.child
        #expect(child.int == 7)
        seen.withLock { $0.append(ObjectIdentifier(child)) }
      }
      #expect(Set(seen.withLock { $0 }).count == 1)
    }
  }

  @Test func everyThreadGetsTheOnePulledBackChildOfEachType() {
    for _ in 0..<200 {
      nonisolated(unsafe) let parent = RaceParent().with(\.int, 9)
      let seen = Locked<[Int: Set<ObjectIdentifier>]>([:])
      DispatchQueue.concurrentPerform(iterations: 8) { thread in
        // Threads add the three child types in different orders, so lists are published while
        // other threads scan them.
        let order = [0, 1, 2].shuffled()
        for kind in order + [thread % 3] {
          let child: ComposableEnvironment
          switch kind {
          case 0: child = parent.pulledBackChild(RaceChild.self)
          case 1: child = parent.pulledBackChild(RaceOtherChild.self)
          default: child = parent.pulledBackChild(RaceThirdChild.self)
          }
          #expect(child[\.int] == 9)
          _ = seen.withLock { $0[kind, default: []].insert(ObjectIdentifier(child)) }
        }
      }
      let children = seen.withLock { $0 }
      #expect(children.count == 3)
      #expect(children.values.allSatisfy { $0.count == 1 })
    }
  }
}
