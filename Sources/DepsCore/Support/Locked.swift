#if canImport(Darwin)
  import os
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  #error("Deps supports Apple platforms and Linux: this platform has neither Darwin, Glibc nor Musl.")
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
@usableFromInline
package final class Locked<State> {
  @usableFromInline let lock = PlatformLock()
  // Only reached under the lock, so the dynamic exclusivity check (most of an uncontended
  // `withLock`'s cost) can never fire.
  @exclusivity(unchecked) @usableFromInline var state: State

  package init(_ state: State) {
    self.state = state
  }

  /// Runs `body` with exclusive access to the state.
  @inlinable @inline(__always)
  package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}

// @unchecked: `state` is only read or written inside `withLock`, which holds the lock; the lock
// makes the state shareable only as far as the state itself is.
extension Locked: @unchecked Sendable where State: Sendable {}

extension Locked {
  /// Build once, publish the first: the value `find` reads from the state, or else the one
  /// `build` makes with no lock held and `publish` stores.
  ///
  /// `build` is user code (an environment's `init`), so it runs unlocked. Threads that race both
  /// build; the first to publish wins, and everybody gets its value: a loser's value is dropped
  /// before anybody saw it.
  ///
  /// - Parameters:
  ///   - find: Reads the published value, if any, from the state.
  ///   - build: Makes the value.
  ///   - publish: Stores the value `build` made into the state.
  /// - Returns: The published value.
  @inlinable
  package func firstPublished<Value>(
    find: (inout State) -> Value?, build: () throws -> Value, publish: (inout State, Value) -> Void
  ) rethrows -> Value {
    if let value = withLock(find) { return value }
    let made = try build()
    return withLock { state in
      if let value = find(&state) { return value }
      publish(&state, made)
      return made
    }
  }
}

/// The platform's lock: `os_unfair_lock` on Apple platforms, `pthread_mutex_t` elsewhere, in
/// memory of its own so that it never moves.
///
/// Every pthread call's result is checked: a failure stops the process with the call and the
/// error's text (see ``PthreadCall``). In debug builds the mutex checks its owner, so that a
/// thread locking the lock it holds, or unlocking one it does not hold, stops with that text (as
/// `os_unfair_lock` does on Apple platforms) rather than deadlocking or breaking the lock.
@usableFromInline
package struct PlatformLock: ~Copyable, @unchecked Sendable {
  // @unchecked: the platform lock is made to be shared between threads.
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
      #if DEBUG
        var attributes = pthread_mutexattr_t()
        PthreadCall.check(pthread_mutexattr_init(&attributes), "pthread_mutexattr_init")
        PthreadCall.check(
          pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK)),
          "pthread_mutexattr_settype")
        PthreadCall.check(pthread_mutex_init(raw, &attributes), "pthread_mutex_init")
        PthreadCall.check(pthread_mutexattr_destroy(&attributes), "pthread_mutexattr_destroy")
      #else
        PthreadCall.check(pthread_mutex_init(raw, nil), "pthread_mutex_init")
      #endif
    #endif
  }

  deinit {
    #if !canImport(Darwin)
      // EBUSY: the lock is destroyed while a thread holds it.
      PthreadCall.check(pthread_mutex_destroy(raw), "pthread_mutex_destroy")
    #endif
    raw.deinitialize(count: 1)
    raw.deallocate()
  }

  @inlinable @inline(__always)
  package func lock() {
    #if canImport(Darwin)
      os_unfair_lock_lock(raw)
    #else
      PthreadCall.check(pthread_mutex_lock(raw), "pthread_mutex_lock")
    #endif
  }

  @inlinable @inline(__always)
  package func unlock() {
    #if canImport(Darwin)
      os_unfair_lock_unlock(raw)
    #else
      PthreadCall.check(pthread_mutex_unlock(raw), "pthread_mutex_unlock")
    #endif
  }

  /// Whether some thread holds the lock, for assertions.
  @inlinable
  package var isLocked: Bool {
    #if canImport(Darwin)
      guard os_unfair_lock_trylock(raw) else { return true }
      os_unfair_lock_unlock(raw)
    #else
      let status = pthread_mutex_trylock(raw)
      guard status != EBUSY else { return true }
      PthreadCall.check(status, "pthread_mutex_trylock")
      PthreadCall.check(pthread_mutex_unlock(raw), "pthread_mutex_unlock")
    #endif
    return false
  }
}
