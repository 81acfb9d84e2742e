/// A value behind an actor: for the mocks of a test, which record what the code under test did
/// from asynchronous code.
///
/// ```swift
/// let events = ActorIsolated<[String]>([])
/// let track: @Sendable (String) async -> Void = { event in
///   await events.withValue { $0.append(event) }
/// }
/// await track("Button Tapped")   // what a feature's analytics mock does when the feature runs
/// #expect(await events.value == ["Button Tapped"])
/// ```
///
/// ``withValue(_:)`` changes the value in one step: its closure is synchronous, so no other use of
/// the actor can interleave with it. ``LockIsolated`` does the same without `await`.
@dynamicMemberLookup
public final actor ActorIsolated<Value> {
  /// The current value.
  public var value: Value

  /// Creates an actor-isolated value.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    self.value = try value()
  }

  /// Reads a property of the value: `await events.count`.
  public subscript<Subject: Sendable>(
    dynamicMember keyPath: any KeyPath<Value, Subject> & Sendable
  ) -> Subject {
    value[keyPath: keyPath as KeyPath<Value, Subject>]
  }

  /// Changes the value in one step.
  ///
  /// ```swift
  /// let count = ActorIsolated(0)
  /// await count.withValue { $0 += 1 }
  /// ```
  public func withValue<T: Sendable>(_ operation: @Sendable (inout Value) throws -> T) rethrows -> T {
    try operation(&value)
  }

  /// Replaces the value.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    value = try newValue()
  }
}
