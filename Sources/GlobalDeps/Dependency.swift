import DepsCore

/// Reads a dependency from the process-wide store, in any type.
///
/// ```swift
/// struct NumberFactFeature {
///   @Dependency(\.numberFact) var numberFact
///   @Dependency(APIClient.self) var apiClient
/// }
/// ```
///
/// Each read sees the current value. A `Dependency` remembers the
/// ``withDependencies(_:operation:)`` overrides in force when it was created, so an object made
/// inside a scope keeps that scope's values when used later outside it; the overrides of the scope
/// in force when it is read win over those.
///
/// In a module with default MainActor isolation (Swift 6.2 app targets), a property of a
/// `Dependencies` extension is main-actor isolated unless the extension says `nonisolated`, and
/// then its key path is not `Sendable` ("type 'KeyPath<Dependencies, NumberFact>' does not conform
/// to the 'Sendable' protocol"): declare `nonisolated extension Dependencies`
/// (Docs/Swift62AppTargets.md).
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
  @usableFromInline let access: DependencyAccessHandle<Value>
  /// The scope in force when the wrapper was made, held strongly; `nil` for the store.
  @usableFromInline let capturedStrongly: DependencyNode?
  /// The scope in force when the wrapper was made by a default that scope was building, held
  /// weakly: the scope owns the default (see `Scopes.captureInForce()`).
  @usableFromInline let capturedWeakly: WeakScope?

  /// The scope in force when the wrapper was made, while it lives.
  var captured: DependencyNode? {
    guard let capturedWeakly else { return capturedStrongly }
    return capturedWeakly.node
  }

  /// Reads the `Dependencies` property at `keyPath`.
  ///
  /// - Parameters:
  ///   - keyPath: The property to read, such as `\.mainQueue`. Evaluated once here, and again by
  ///     each read that runs the property's getter (a read in a `withDependencies` scope that the
  ///     thread's cache does not hold); pass a key path literal or a stored key path.
  ///   - fileID: The file of the declaration, named when a test reads a key with no test value.
  ///   - line: The line of the declaration.
  @inlinable
  public init(
    _ keyPath: @escaping @Sendable @autoclosure () -> KeyPath<Dependencies, Value> & Sendable,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    // An autoclosure, so that the closure `get` is the only user of the key path literal once
    // this initializer is inlined where the literal is written: the optimizer then specializes
    // `get` for the literal and turns its projection into a call of the property's getter, which
    // is most of what an uncached read in a scope costs. (A key path used anywhere else as well
    // stays a projection through the runtime.) Either way `get` reads what the key path reads.
    self.access = DependencyAccessHandle(
      keyPath(), get: { $0[keyPath: keyPath()] }, declaredAt: (fileID, line))
    (capturedStrongly, capturedWeakly) = Scopes.captureInForce()
  }

  /// Reads the dependency whose key is `key`.
  ///
  /// - Parameters:
  ///   - key: The dependency's key type, or a type that is its own key.
  ///   - fileID: The file of the declaration, named when a test reads a key with no test value.
  ///   - line: The line of the declaration.
  public init<Key: DependencyKey>(
    _ key: Key.Type, fileID: StaticString = #fileID, line: UInt = #line
  ) where Key.Value == Value {
    self.access = DependencyAccessHandle(key, declaredAt: (fileID, line))
    (capturedStrongly, capturedWeakly) = Scopes.captureInForce()
  }

  /// The dependency's current value.
  @inlinable @inline(__always)
  public var wrappedValue: Value {
    // The stored fields, borrowed with the wrapper, not `captured`: a computed optional would be
    // copied (retained and released) on every read. What is inlined where the property is read is
    // the hit of a read of the store with no scope alive; every other read is one call.
    if let capturedWeakly { return Scopes.read(access, capturedWeakly: capturedWeakly) }
    if capturedStrongly == nil, let value = Scopes.cachedStoreValue(access) { return value }
    return Scopes.read(access, captured: capturedStrongly)
  }
}
