import DepsCore

/// A value behind a lock, that any thread may read and change: for the mocks of a test, which
/// record what the code under test did from whatever thread it ran on.
///
/// ```swift
/// let events = LockIsolated<[String]>([])
/// let track: @Sendable (String) -> Void = { event in events.withValue { $0.append(event) } }
/// track("Button Tapped")   // what a feature's analytics mock does when the feature runs
/// #expect(events.value == ["Button Tapped"])
/// ```
///
/// The lock is held while ``withValue(_:)``'s closure runs: using the same `LockIsolated` inside
/// it is reported (a failure in tests) instead of deadlocking, and sees the value from before.
@dynamicMemberLookup
public final class LockIsolated<Value>: @unchecked Sendable {
  // @unchecked: `_value` is only read or written while `lock` is held (`withLock`), and a value
  // goes in or out only through `@Sendable` closures or as a `Sendable` value.
  private var _value: Value
  private let lock = PlatformLock()
  /// The thread holding `lock`, or 0: lets a use from inside `withValue`'s closure be reported
  /// rather than deadlock.
  private let owner = AtomicWord(0)

  /// Creates a lock-isolated value.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    self._value = try value()
  }

  /// Reads a property of the value: `events.count`.
  public subscript<Subject: Sendable>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    withLock { _value[keyPath: keyPath] }
  }

  /// Changes the value in one step that no other thread can interleave with.
  ///
  /// ```swift
  /// let count = LockIsolated(0)
  /// count.withValue { $0 += 1 }
  /// ```
  public func withValue<T: Sendable>(_ operation: @Sendable (inout Value) throws -> T) rethrows -> T {
    try withLock {
      // The closure changes a copy, stored back even when it throws (as swift-concurrency-extras
      // does): no access to `_value` lasts while user code runs, so a use from inside the closure
      // (reported by `withLock`) cannot overlap one.
      var copy = _value
      defer { _value = copy }
      return try operation(&copy)
    }
  }

  /// Replaces the value.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    let value = try newValue()
    withLock { _value = value }
  }

  /// Runs `body` holding the lock; `body` reads and writes `_value`.
  private func withLock<R>(_ body: () throws -> R) rethrows -> R {
    let thread = ThreadID.current.rawValue
    if owner.load() == thread {
      // This thread holds the lock: the caller is inside `withValue`'s closure. Taking the lock
      // again would deadlock; going on without it is safe (no other thread can hold it now).
      runtimeWarn(
        """
        LockIsolated<\(Value.self)> was used inside its own withValue closure.

        The closure works on a copy that withValue stores when it returns, so this use saw the \
        value from before the closure, and a change made here is overwritten. To fix: read and \
        change the value through the closure's argument.
        """)
      return try body()
    }
    lock.lock()
    owner.store(thread)
    defer {
      owner.store(0)
      lock.unlock()
    }
    return try body()
  }
}

extension LockIsolated where Value: Sendable {
  /// The current value.
  public var value: Value {
    withLock { _value }
  }
}
