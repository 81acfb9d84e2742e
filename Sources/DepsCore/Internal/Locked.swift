#if canImport(Synchronization) && !canImport(Darwin)
  import Synchronization
#elseif canImport(Darwin)
  import os
#endif

/// The library's one lock: a value that is only reached while holding a lock.
///
/// Callers must never run user code (a default value, a closure the user passed) inside
/// ``withLock(_:)``: a user closure that comes back into the library would deadlock.
package final class Locked<State>: @unchecked Sendable {
  // @unchecked: `state` is only read or written inside `withLock`, which holds the lock.
  #if canImport(Synchronization) && !canImport(Darwin)
    private let mutex: Mutex<Void>
  #else
    private let unfair: UnsafeMutablePointer<os_unfair_lock>
  #endif
  private var state: State

  package init(_ state: State) {
    self.state = state
    #if canImport(Synchronization) && !canImport(Darwin)
      self.mutex = Mutex(())
    #else
      self.unfair = .allocate(capacity: 1)
      self.unfair.initialize(to: os_unfair_lock())
    #endif
  }

  deinit {
    #if !(canImport(Synchronization) && !canImport(Darwin))
      unfair.deinitialize(count: 1)
      unfair.deallocate()
    #endif
  }

  /// Runs `body` with exclusive access to the state.
  @inline(__always)
  package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    #if canImport(Synchronization) && !canImport(Darwin)
      return try mutex.withLock { _ in try body(&state) }
    #else
      os_unfair_lock_lock(unfair)
      defer { os_unfair_lock_unlock(unfair) }
      return try body(&state)
    #endif
  }
}
