/// A process-wide counter of writes to nodes: it orders writes against reads that copy a path of
/// several nodes, and against the per-thread read caches.
///
/// Each write runs in ``write(_:)``, one at a time, and moves the counter twice: to an odd value
/// before it changes any node, and to the next even value once it is done; then it empties every
/// thread's read cache. A read that copies a node's path (one node lock at a time) keeps the copy
/// only if the counter was even before and unchanged after it: otherwise it could hold one level
/// from before a write and another from after a later one, a state that never was. A read that
/// misses its thread's cache caches what it found only if the counter is still the one its copy
/// was made at (checked under the cache's lock), since a write since then may have purged the
/// cache already. Writes are rare (set-up, tests), so serializing them and purging every cache on
/// each costs little, and a cache hit never reads the counter.
@usableFromInline
package enum DependencyGeneration {
  @usableFromInline static let counter = AtomicWord()

  /// Held by a write while it changes nodes, and by a read whose copy a write disturbed.
  private static let writes = PlatformLock()

  /// The current generation; odd while a write is changing nodes.
  @inlinable @inline(__always)
  package static var current: UInt64 { counter.load() }

  /// Runs `change`, which changes nodes under their own locks and runs no user code, as one write:
  /// no copy of a path keeps part of it, and every thread's read cache is emptied after it (with
  /// no lock held: purged values' `deinit`s run there).
  ///
  /// `changed` tells from the result whether `change` changed anything; a write that changed
  /// nothing (an attach refused) leaves the caches as they are.
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

  /// What `copy` (reads of several nodes, each under its own lock) returns when no write ran
  /// during it, and the generation it holds for.
  ///
  /// The first attempt takes no lock; `firstAttempt` runs with it (tests use it to interleave
  /// writes). If a write overlapped it, the copy is made again with writes held off, so a read
  /// never waits for a stream of writes to pause.
  static func consistent<Copy>(
    _ copy: (_ firstAttempt: Bool) -> Copy
  ) -> (copy: Copy, generation: UInt64) {
    let start = current
    if start & 1 == 0 {
      let copied = copy(true)
      // A read-modify-write, not a load: the copy's loads cannot move after it, as they could
      // after an acquiring load.
      if counter.add(0) == start { return (copied, start) }
    }
    writes.lock()
    defer { writes.unlock() }
    return (copy(false), current)
  }
}
