#if canImport(Synchronization) && !canImport(Darwin)
  import Synchronization
#endif

/// A process-wide counter that every write to any store advances.
///
/// Reads cache resolved values per thread, tagged with the generation they were resolved in; a
/// cached value is used only while the generation is unchanged. Writes are rare (set-up, tests),
/// so invalidating every cache on each write costs little, and a read that hits its cache writes
/// no shared memory: two threads reading never contend.
package enum DependencyGeneration {
  #if canImport(Synchronization) && !canImport(Darwin)
    private static let counter = Atomic<UInt64>(0)

    /// The current generation. Load it *before* reading a store, so a write that races the read
    /// leaves the cached value tagged with an older generation.
    @inline(__always)
    package static var current: UInt64 { counter.load(ordering: .acquiring) }

    /// Marks every cached read as stale. Call it *after* the write is visible in its store.
    package static func advance() {
      counter.wrappingAdd(1, ordering: .releasing)
    }
  #else
    // Apple platforms before macOS 15 / iOS 18 have no `Synchronization`; a lock is correct, if slower.
    private static let counter = Locked<UInt64>(0)

    @inline(__always)
    package static var current: UInt64 { counter.withLock { $0 } }

    package static func advance() {
      counter.withLock { $0 &+= 1 }
    }
  #endif
}
