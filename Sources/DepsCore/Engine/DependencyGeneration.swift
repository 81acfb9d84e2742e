/// A process-wide counter that every write to any node advances, emptying every thread's read
/// cache.
///
/// A read that misses its thread's cache loads the generation *before* it reads the nodes, and
/// caches what it found only if the generation is still the same (checked under the cache's
/// lock): a write that raced the read may have purged the cache already, and the value read may
/// be the one the write replaced. Writes are rare (set-up, tests), so purging every cache on
/// each write costs little, and a cache hit never reads the generation.
@usableFromInline
package enum DependencyGeneration {
  @usableFromInline static let counter = AtomicWord()

  /// The current generation. Load it *before* reading a node.
  @inlinable @inline(__always)
  package static var current: UInt64 { counter.load() }

  /// Marks every cached read as stale and empties every thread's cache. Call it *after* the write
  /// is visible in its node, with no lock held: the purged values' `deinit`s run here.
  static func advance() {
    counter.add(1)
    ThreadReadCache.purgeAll()
  }
}
