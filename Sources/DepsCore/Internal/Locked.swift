#if canImport(Darwin)
  import os
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The library's one lock: a value that is only reached while holding a lock.
///
/// Callers must never run user code (a default value, a closure the user passed) inside
/// ``withLock(_:)``: a user closure that comes back into the library would deadlock.
///
/// On Linux it is a `pthread_mutex_t` rather than `Synchronization.Mutex`: the thread sanitizer
/// intercepts pthread mutexes, but not `Mutex`'s contended path (a futex inside the uninstrumented
/// runtime), so with `Mutex` every contended lock showed up as a data race under
/// `swift test --sanitize=thread`. Uncontended, both cost one atomic operation.
package final class Locked<State>: @unchecked Sendable {
  // @unchecked: `state` is only read or written inside `withLock`, which holds the lock.
  #if canImport(Darwin)
    private let lock: UnsafeMutablePointer<os_unfair_lock>
  #else
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
  #endif
  // Only reached under the lock, so the dynamic exclusivity check (most of an uncontended
  // `withLock`'s cost) can never fire.
  @exclusivity(unchecked) private var state: State

  package init(_ state: State) {
    self.state = state
    self.lock = .allocate(capacity: 1)
    #if canImport(Darwin)
      self.lock.initialize(to: os_unfair_lock())
    #else
      self.lock.initialize(to: pthread_mutex_t())
      let status = pthread_mutex_init(lock, nil)
      precondition(status == 0, "Deps: pthread_mutex_init failed (\(status)).")
    #endif
  }

  deinit {
    #if !canImport(Darwin)
      pthread_mutex_destroy(lock)
    #endif
    lock.deinitialize(count: 1)
    lock.deallocate()
  }

  /// Runs `body` with exclusive access to the state.
  @inline(__always)
  package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    #if canImport(Darwin)
      os_unfair_lock_lock(lock)
      defer { os_unfair_lock_unlock(lock) }
    #else
      pthread_mutex_lock(lock)
      defer { pthread_mutex_unlock(lock) }
    #endif
    return try body(&state)
  }
}
