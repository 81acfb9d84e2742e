#if canImport(Synchronization) && !canImport(Darwin)
  import Synchronization
#elseif canImport(Darwin)
  import os
#endif

/// DepsReducer's one lock: a value that is only reached while holding a lock.
///
/// DepsReducer depends on nothing, so it cannot share `DepsCore`'s lock. Callers must never run
/// user code inside ``withLock(_:)``.
final class ReducerLock<State>: @unchecked Sendable {
  // @unchecked: `state` is only read or written inside `withLock`, which holds the lock.
  #if canImport(Synchronization) && !canImport(Darwin)
    private let mutex = Mutex(())
  #else
    private let unfair: UnsafeMutablePointer<os_unfair_lock>
  #endif
  private var state: State

  init(_ state: State) {
    self.state = state
    #if !(canImport(Synchronization) && !canImport(Darwin))
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
  func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    #if canImport(Synchronization) && !canImport(Darwin)
      return try mutex.withLock { _ in try body(&state) }
    #else
      os_unfair_lock_lock(unfair)
      defer { os_unfair_lock_unlock(unfair) }
      return try body(&state)
    #endif
  }
}
