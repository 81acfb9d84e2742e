import Testing

@testable import DepsCore

private enum CachedKey: DependencyKey {
  static let defaultValue = 0
}

/// Which reads a thread caches: a scope's (`GlobalDeps`' `withDependencies`) only from its second
/// read through the scope on; an environment's from its first.
@Suite struct ScopeReadCacheTests {
  @Test func aThreadCachesAScopesReadsFromItsSecondReadThroughIt() {
    let root = DependencyNode(
      ownerName: "root", values: [Entry(id: DependencyID(CachedKey.self), box: ValueBox(5))])
    let key = UInt(bitPattern: ObjectIdentifier(CachedKey.self))
    func cached(_ node: DependencyNode) -> Bool {
      ThreadReadCache.cachedKeys(scope: node.serial).contains(key)
    }
    // Another test's write may empty this thread's cache between two steps: start over then, with
    // scopes the thread has not read through yet.
    var steps: [Bool] = []
    for _ in 0..<100 {
      let scope = DependencyNode(scopeOf: [], aliases: AliasTable(), parent: root)
      let other = DependencyNode(scopeOf: [], aliases: AliasTable(), parent: root)
      let generation = DependencyGeneration.current
      steps = []
      for node in [scope, scope, other, scope, scope] {
        #expect(node.read(CachedKey.self) == 5)
        steps.append(cached(node))
      }
      if DependencyGeneration.current == generation { break }
    }
    // Back to `scope` after `other`: its entry is found again.
    #expect(steps == [false, true, false, true, true])
  }

  @Test func aThreadCachesAnEnvironmentsReadsFromItsFirst() {
    let root = DependencyNode(
      ownerName: "root", values: [Entry(id: DependencyID(CachedKey.self), box: ValueBox(5))])
    let child = DependencyNode(ownerName: "child", parent: root)
    let key = UInt(bitPattern: ObjectIdentifier(CachedKey.self))
    var cached = false
    for _ in 0..<100 {
      let generation = DependencyGeneration.current
      #expect(child.read(CachedKey.self) == 5)
      cached = ThreadReadCache.cachedKeys(scope: child.serial).contains(key)
      if DependencyGeneration.current == generation { break }
    }
    #expect(cached)
  }
}
