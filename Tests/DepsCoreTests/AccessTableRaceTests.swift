import DepsTestSupport
import Dispatch
import Testing

@testable import DepsCore

// A `@Dependency`'s access is interned in a table that grows as accesses are added
// (`AccessTable`). These races intern many new key path objects on 8 threads at once, in different
// orders, so that the table fills and grows while other threads look accesses up, and check that
// every thread got the one access of each key path (and of each declaration, in this test
// process).

private struct InternHolder {
  var value = 0
}

private enum InternHolderKey: DependencyKey {
  static let defaultValue = InternHolder()
  static let testValue = defaultValue
}

extension Dependencies {
  fileprivate var internHolder: InternHolder {
    get { self[InternHolderKey.self] }
    set { self[InternHolderKey.self] = newValue }
  }
}

@Suite struct AccessTableRaceTests {
  @Test func threadsInterningNewKeyPathsAtOnceGetOneAccessEach() {
    for _ in 0..<StressScale.scaled(200) {
      // New key path objects (an appended key path is a new object each time): accesses no
      // thread interned before, 40 a round, so that the table fills and grows during the race.
      // Key path objects are immutable; `KeyPath` is not `Sendable` in this toolchain.
      nonisolated(unsafe) let keyPaths = (0..<40).map { _ in
        (\Dependencies.internHolder).appending(path: \InternHolder.value)
      }
      let seen = Locked<[Int: Set<UInt>]>([:])
      DispatchQueue.concurrentPerform(iterations: 8) { thread in
        for index in keyPaths.indices.shuffled() {
          // In a test process each declaration has its own access: two lines, two accesses.
          let line = UInt(thread % 2)
          let handle = DependencyAccessHandle(keyPaths[index], declaredAt: (#fileID, line))
          let undeclared = DependencyAccessHandle(keyPaths[index])
          #expect(handle.cacheKey == UInt(bitPattern: ObjectIdentifier(keyPaths[index])))
          let access = handle.access.takeUnretainedValue()
          #expect((access as? KeyPathAccess<Int>)?.keyPath === keyPaths[index])
          seen.withLock {
            $0[index * 3 + Int(line), default: []].insert(UInt(bitPattern: handle.access.toOpaque()))
            $0[index * 3 + 2, default: []].insert(UInt(bitPattern: undeclared.access.toOpaque()))
          }
        }
      }
      let accesses = seen.withLock { $0 }
      #expect(accesses.count == keyPaths.count * 3)
      #expect(accesses.values.allSatisfy { $0.count == 1 }, "a key path was interned twice")
      // Three accesses per key path: one per declaration line, one undeclared.
      for index in keyPaths.indices {
        let three = Set((0..<3).compactMap { accesses[index * 3 + $0]?.first })
        #expect(three.count == 3)
      }
    }
  }
}
