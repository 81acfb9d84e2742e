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

@Suite struct LentPulledBackChildRaceTests {
  /// Environment-less pullbacks lend the child (`ChildDerivation.withChild`, no reference taken):
  /// the first child type an environment stores is found through two words of the environment,
  /// published child first, key second; the others through the published list. Threads racing
  /// the first derivations, lent and returned, in different orders must all get the one child of
  /// each type, attached to the parent.
  @Test func lentAndReturnedChildrenAreTheOneChildOfEachType() {
    for _ in 0..<300 {
      nonisolated(unsafe) let parent = RaceParent().with(\.int, 11)
      let seen = Locked<[Int: Set<ObjectIdentifier>]>([:])
      DispatchQueue.concurrentPerform(iterations: 8) { thread in
        let order = [0, 1, 2].shuffled()
        for kind in order + order {
          let lend = (thread + kind) % 2 == 0
          let identity: ObjectIdentifier
          let read: Int
          switch (kind, lend) {
          case (0, true):
            (identity, read) = ChildDerivation<RaceParent, RaceChild>().withChild(of: parent) {
              (ObjectIdentifier($0), $0[\.int])
            }
          case (1, true):
            (identity, read) = ChildDerivation<RaceParent, RaceOtherChild>().withChild(of: parent) {
              (ObjectIdentifier($0), $0[\.int])
            }
          case (_, true):
            (identity, read) = ChildDerivation<RaceParent, RaceThirdChild>().withChild(of: parent) {
              (ObjectIdentifier($0), $0[\.int])
            }
          case (0, false):
            let child = parent.pulledBackChild(RaceChild.self)
            (identity, read) = (ObjectIdentifier(child), child[\.int])
          case (1, false):
            let child = parent.pulledBackChild(RaceOtherChild.self)
            (identity, read) = (ObjectIdentifier(child), child[\.int])
          default:
            let child = parent.pulledBackChild(RaceThirdChild.self)
            (identity, read) = (ObjectIdentifier(child), child[\.int])
          }
          #expect(read == 11)
          _ = seen.withLock { $0[kind, default: []].insert(identity) }
        }
      }
      let children = seen.withLock { $0 }
      #expect(children.count == 3)
      #expect(children.values.allSatisfy { $0.count == 1 })
    }
  }

  /// A lent child lives as long as its parent: a reducer run on a parent that only the caller
  /// holds reads the child, and the child ends with the parent.
  @Test func aLentChildEndsWithItsParent() {
    weak var lent: RaceChild?
    do {
      let parent = RaceParent().with(\.int, 5)
      let read = ChildDerivation<RaceParent, RaceChild>().withChild(of: parent) { child in
        lent = child
        return child[\.int]
      }
      #expect(read == 5)
      #expect(lent != nil)
      #expect(lent === parent.pulledBackChild(RaceChild.self))
    }
    #expect(lent == nil)
  }
}
