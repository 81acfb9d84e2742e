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
/// A `Dependency` remembers the ``withDependencies(_:operation:)`` scope in force when it was made,
/// so an object made in a scope keeps its values; a scope in force at the read wins over those.
///
/// In a module with default MainActor isolation, declare `nonisolated extension Dependencies`:
/// otherwise its key paths are not `Sendable` ("type 'KeyPath<Dependencies, NumberFact>' does not
/// conform to the 'Sendable' protocol"; Docs/Swift62AppTargets.md).
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
  @usableFromInline let access: DependencyAccessHandle<Value>
  /// The scope in force when the wrapper was made, held strongly; `nil` for the store.
  @usableFromInline let capturedStrongly: DependencyNode?
  /// The scope in force when the wrapper was made by a default that scope was building, held
  /// weakly: the scope owns the default (see `Scopes.captureInForce()`).
  @usableFromInline let capturedWeakly: WeakScope?

  var captured: DependencyNode? {
    guard let capturedWeakly else { return capturedStrongly }
    return capturedWeakly.node
  }

  /// Reads the `Dependencies` property at `keyPath`.
  ///
  /// `keyPath` is evaluated here and by each read that runs the getter: pass a literal or a stored
  /// key path. `fileID` and `line` name the declaration when a test reads a key with no test value.
  @inlinable
  public init(
    _ keyPath: @escaping @Sendable @autoclosure () -> KeyPath<Dependencies, Value> & Sendable,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    // An autoclosure, so that `get` is the only user of the key path literal once this is inlined:
    // the optimizer then turns its projection into a call of the property's getter, most of what an
    // uncached read in a scope costs.
    self.access = DependencyAccessHandle(
      keyPath(), get: { $0[keyPath: keyPath()] }, declaredAt: (fileID, line))
    (capturedStrongly, capturedWeakly) = Scopes.captureInForce()
  }

  /// Reads the dependency whose key is `key`.
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
