/// A process-wide counter that every write to any store advances.
///
/// Reads cache resolved values per thread, tagged with the generation they were resolved in; a
/// cached value is used only while the generation is unchanged. Writes are rare (set-up, tests),
/// so invalidating every cache on each write costs little, and a read that hits its cache writes
/// no shared memory: two threads reading never contend.
@usableFromInline
package enum DependencyGeneration {
  @usableFromInline static let counter = AtomicWord()

  /// The current generation. Load it *before* reading a store, so a write that races the read
  /// leaves the cached value tagged with an older generation.
  @inlinable @inline(__always)
  package static var current: UInt64 { counter.load() }

  /// Marks every cached read as stale. Call it *after* the write is visible in its store.
  package static func advance() {
    counter.add(1)
  }
}
