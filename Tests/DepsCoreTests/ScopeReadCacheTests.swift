import Testing

@testable import DepsCore

/// Which reads of a scope a thread caches: only from its second read through the scope on.
@Suite struct ScopeReadCacheTests {
  @Test func aThreadCachesAScopesReadsFromItsSecondReadThroughIt() {
    let (scope, other) = (ThreadReadCache.newScope(), ThreadReadCache.newScope())
    let key: UInt = 1
    func read(_ scope: UInt64) -> String {
      switch ThreadReadCache.scopeRead(scope: scope, key: key, as: Int.self) {
      case .cached(let value): "cached \(value)"
      case .missed(let cache): cache ? "cache" : "first"
      }
    }
    #expect(read(scope) == "first")
    // Another test's write may empty this thread's cache between two steps: start over then.
    var steps: [String] = []
    for _ in 0..<100 {
      let generation = DependencyGeneration.current
      steps = [read(scope)]
      ThreadReadCache.store(ValueBox(5), scope: scope, key: key, owner: nil, generation: generation)
      steps += [read(scope), read(other), read(scope), read(scope)]
      if DependencyGeneration.current == generation { break }
    }
    // Back to `scope` after `other`: a first read again, then its entry is found again.
    #expect(steps == ["cache", "cached 5", "first", "first", "cached 5"])
    ThreadReadCache.purge(scope: scope)
  }
}
