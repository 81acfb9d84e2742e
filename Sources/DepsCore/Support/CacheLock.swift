#if canImport(Synchronization) && !canImport(Darwin) && !DEPS_APPLE_FALLBACK
  import Synchronization
#endif
#if canImport(Darwin)
  import os
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  #error("Deps supports Apple platforms and Linux: this platform has neither Darwin, Glibc nor Musl.")
#endif

#if canImport(Synchronization) && !canImport(Darwin) && !DEPS_APPLE_FALLBACK
  /// The lock of one thread's read cache, taken around every cached read.
  ///
  /// Its thread is nearly always the only one to take it (a purge takes it too, briefly, and runs
  /// no user code under it), so what matters is the uncontended cost. On Linux it is an atomic
  /// flag: one exchange to lock and a plain releasing store to unlock, against two atomic
  /// read-modify-writes for a mutex; a thread that finds it held yields until it is free, which is
  /// never longer than a purge of one cache. Elsewhere it is ``PlatformLock``, the lock of ``Locked``.
  @usableFromInline
  package struct CacheLock: ~Copyable, Sendable {
    @usableFromInline let held = Atomic<Bool>(false)

    package init() {}

    @inlinable @inline(__always)
    package func lock() {
      if !held.exchange(true, ordering: .acquiring) { return }
      lockContended()
    }

    @usableFromInline @inline(never)
    func lockContended() {
      while held.load(ordering: .relaxed) || held.exchange(true, ordering: .acquiring) {
        sched_yield()
      }
    }

    @inlinable @inline(__always)
    package func unlock() { held.store(false, ordering: .releasing) }

    /// Whether some thread holds the lock, for assertions.
    @inlinable
    package var isLocked: Bool { held.load(ordering: .relaxed) }
  }
#else
  @usableFromInline package typealias CacheLock = PlatformLock
#endif
