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
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
  private let access: DependencyAccess<Value>
  private let captured: DependencyOverlay?

  /// Reads the `Dependencies` property at `keyPath`.
  ///
  /// - Parameter keyPath: The property to read, such as `\.mainQueue`.
  public init(_ keyPath: KeyPath<Dependencies, Value> & Sendable) {
    self.access = KeyPathAccess(keyPath)
    self.captured = DependencyOverlay.current
  }

  /// Reads the dependency whose key is `key`.
  ///
  /// - Parameter key: The dependency's key type, or a type that is its own key.
  public init<Key: DependencyKey>(_ key: Key.Type) where Key.Value == Value {
    self.access = KeyAccess<Key>()
    self.captured = DependencyOverlay.current
  }

  /// The dependency's current value.
  public var wrappedValue: Value {
    access.read(Dependencies(reader: GlobalReader(captured: captured)))
  }
}
