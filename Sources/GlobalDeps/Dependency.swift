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
  @usableFromInline let captured: DependencyOverlay?

  /// Reads the `Dependencies` property at `keyPath`.
  ///
  /// - Parameter keyPath: The property to read, such as `\.mainQueue`.
  public init(_ keyPath: KeyPath<Dependencies, Value> & Sendable) {
    self.access = DependencyAccessHandle(keyPath)
    self.captured = DependencyOverlay.current
  }

  /// Reads the dependency whose key is `key`.
  ///
  /// - Parameter key: The dependency's key type, or a type that is its own key.
  public init<Key: DependencyKey>(_ key: Key.Type) where Key.Value == Value {
    self.access = DependencyAccessHandle(key)
    self.captured = DependencyOverlay.current
  }

  /// The dependency's current value.
  @inlinable
  public var wrappedValue: Value {
    // Unretained: the node outlives the read, and retaining a shared node would make threads
    // reading at once contend on its reference count.
    GlobalReader.node(captured: captured)._withUnsafeGuaranteedRef { access.read(at: $0) }
  }
}
