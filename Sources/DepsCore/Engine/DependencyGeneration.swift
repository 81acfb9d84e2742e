/// A process-wide counter of writes to nodes: it orders writes against reads that copy a path of
/// several nodes, and against the per-thread read caches.
///
/// Each write runs in ``write(_:)``, one at a time: the counter goes odd before it changes a node
/// and even after, then every thread's cache is emptied. A read that copies a path keeps the copy
/// only if the counter was even before and unchanged after (else it could mix two writes' states),
/// and caches what it found only if the counter is still its copy's (checked under the cache's
/// lock), since a later write may have purged already. Writes are rare; a cache hit never reads it.
@usableFromInline
package enum DependencyGeneration {
  @usableFromInline static let counter = AtomicWord()

  /// Held by a write while it changes nodes, and by a read whose copy a write disturbed.
  private static let writes = PlatformLock()

  /// The current generation; odd while a write is changing nodes.
  @inlinable @inline(__always)
  package static var current: UInt64 { counter.load() }

  /// Runs `change` (nodes changed under their own locks, no user code) as one write: no path copy
  /// keeps part of it, and every cache is emptied after, unlocked (purged `deinit`s run there).
  /// A write that `changed` says changed nothing (an attach refused) leaves the caches.
  static func write<Result>(
    changed: (Result) -> Bool = { _ in true }, _ change: () -> Result
  ) -> Result {
    writes.lock()
    counter.add(1)
    let result = change()
    counter.add(1)
    writes.unlock()
    if changed(result) { ThreadReadCache.purgeAll() }
    return result
  }

  /// What `copy` returns when no write ran during it, and the generation it holds for. The first
  /// attempt takes no lock (`firstAttempt` lets tests interleave writes); if a write overlapped, the
  /// copy is made again with writes held off, so a read never waits for writes to pause.
  static func consistent<Copy>(
    _ copy: (_ firstAttempt: Bool) -> Copy
  ) -> (copy: Copy, generation: UInt64) {
    let start = current
    if start & 1 == 0 {
      let copied = copy(true)
      // A read-modify-write, not a load: the copy's loads cannot move after it, as after an acquire.
      if counter.add(0) == start { return (copied, start) }
    }
    writes.lock()
    defer { writes.unlock() }
    return (copy(false), current)
  }
}
