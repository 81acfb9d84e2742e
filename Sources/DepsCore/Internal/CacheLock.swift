#if canImport(Synchronization) && !canImport(Darwin) && !DEPS_APPLE_FALLBACK
  import Synchronization
#endif
#if canImport(Darwin)
  import os
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The lock of one thread's read cache, taken around every cached read.
///
/// Its thread is nearly always the only one to take it (a purge takes it too, briefly, and runs
/// no user code under it), so what matters is the uncontended cost. On Linux it is an atomic
/// flag: one exchange to lock and a plain releasing store to unlock, against two atomic
/// read-modify-writes for a mutex; a thread that finds it held yields until it is free, which is
/// never longer than a purge of one cache. Elsewhere it is the platform lock ``Locked`` uses.
@usableFromInline
package struct CacheLock: ~Copyable, @unchecked Sendable {
  // @unchecked: the platform lock is made to be shared between threads.
  #if canImport(Synchronization) && !canImport(Darwin) && !DEPS_APPLE_FALLBACK
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
  #else
    #if canImport(Darwin)
      @usableFromInline let raw: UnsafeMutablePointer<os_unfair_lock>
    #else
      @usableFromInline let raw: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    package init() {
      raw = .allocate(capacity: 1)
      #if canImport(Darwin)
        raw.initialize(to: os_unfair_lock())
      #else
        raw.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(raw, nil)
        precondition(status == 0, "Deps: pthread_mutex_init failed (\(status)).")
      #endif
    }

    deinit {
      #if !canImport(Darwin)
        pthread_mutex_destroy(raw)
      #endif
      raw.deinitialize(count: 1)
      raw.deallocate()
    }

    @inlinable @inline(__always)
    package func lock() {
      #if canImport(Darwin)
        os_unfair_lock_lock(raw)
      #else
        pthread_mutex_lock(raw)
      #endif
    }

    @inlinable @inline(__always)
    package func unlock() {
      #if canImport(Darwin)
        os_unfair_lock_unlock(raw)
      #else
        pthread_mutex_unlock(raw)
      #endif
    }

    /// Whether some thread holds the lock, for assertions.
    @inlinable
    package var isLocked: Bool {
      #if canImport(Darwin)
        guard os_unfair_lock_trylock(raw) else { return true }
        os_unfair_lock_unlock(raw)
      #else
        guard pthread_mutex_trylock(raw) == 0 else { return true }
        pthread_mutex_unlock(raw)
      #endif
      return false
    }
  #endif
}
