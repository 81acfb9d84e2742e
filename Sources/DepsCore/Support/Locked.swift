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

  @inlinable
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
  @inlinable
  func firstPublished<Value>(
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
