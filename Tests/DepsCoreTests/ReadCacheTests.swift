import Foundation
import Testing

@testable import DepsCore

private enum CachedKey: DependencyKey {
  static let defaultValue = 1
  static let testValue = defaultValue
}

extension Dependencies {
  fileprivate var cached: Int {
    get { self[CachedKey.self] }
    set { self[CachedKey.self] = newValue }
  }
  fileprivate var cachedPlusOne: Int { self[CachedKey.self] + 1 }
}

/// What the calling thread cached for `node` after `read`, with no write anywhere in between
/// (other tests write while this one runs, and every write empties every cache).
private func cachedKeys(of node: DependencyNode, after read: () -> Void) -> Set<UInt> {
  // Bounded: a write between the read and the look is rare; 10,000 in a row is a failure.
  for _ in 0..<10_000 {
    let generation = DependencyGeneration.current
    read()
    let keys = ThreadReadCache.cachedKeys(scope: node.serial)
    if DependencyGeneration.current == generation { return Set(keys) }
  }
  Issue.record("10,000 reads in a row each raced a write")
  return []
}

@Suite struct ReadCacheTests {
  @Test func aReadIsCachedOnceUnderWhatWasRead() {
    let node = DependencyNode(ownerName: "Root")
    node.set(CachedKey.self, 5)
    let keyPath = \Dependencies.cachedPlusOne
    let keyPathID = UInt(bitPattern: ObjectIdentifier(keyPath))
    var values: [Int] = []
    // Only the key path's result: the key its getter read is not cached besides.
    // Other tests share this thread's cache; one filling it to capacity clears it without a
    // write, so a round that lost entries that way is run again (a bounded number of times).
    var afterKeyPath: Set<UInt> = []
    for _ in 0..<100 where afterKeyPath != [keyPathID] {
      afterKeyPath = cachedKeys(of: node) { values.append(node.value(keyPath)) }
    }
    #expect(afterKeyPath == [keyPathID])
    let both: Set<UInt> = [keyPathID, UInt(bitPattern: ObjectIdentifier(CachedKey.self))]
    var afterBoth: Set<UInt> = []
    for _ in 0..<100 where afterBoth != both {
      afterBoth = cachedKeys(of: node) {
        values.append(node.value(keyPath))
        values.append(node.read(CachedKey.self))
      }
    }
    #expect(afterBoth == both)
    #expect(values.suffix(2) == [6, 5])
  }

  @Test func aWriteEmptiesTheCacheAndAReadSeesIt() {
    let node = DependencyNode(ownerName: "Root")
    #expect(node.value(\.cached) == 1)
    node.set(\.cached, 2)
    #expect(ThreadReadCache.cachedKeys(scope: node.serial).isEmpty)
    #expect(node.value(\.cached) == 2)
    #expect(node.read(CachedKey.self) == 2)
  }

  @Test(arguments: 0..<200)
  func twoNodesAttachedUnderEachOtherAtOnceMakeNoCycle(round: Int) {
    let (first, second) = (DependencyNode(ownerName: "A"), DependencyNode(ownerName: "B"))
    let attached = Locked<[Bool]>([])
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let result = index == 0 ? first.attach(to: second) : second.attach(to: first)
      attached.withLock { $0.append(result) }
    }
    #expect(attached.withLock { $0.filter { $0 }.count } == 1)
  }

  @Test(arguments: 0..<50)
  func racingBuildersAllGetTheFirstPublishedValue(round: Int) {
    final class Made: Sendable {}
    let slot = Locked<Made?>(nil)
    let seen = Locked<[ObjectIdentifier]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      let made = slot.firstPublished(find: { $0 }, build: { Made() }, publish: { $0 = $1 })
      seen.withLock { $0.append(ObjectIdentifier(made)) }
    }
    let published = slot.withLock { $0.map(ObjectIdentifier.init) }
    #expect(seen.withLock { $0 } == Array(repeating: published!, count: 8))
  }
}
