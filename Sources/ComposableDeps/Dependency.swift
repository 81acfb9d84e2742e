import DepsCore

/// Reads a dependency from the ``ComposableEnvironment`` that declares it.
///
/// ```swift
/// final class CounterEnvironment: ComposableEnvironment {
///   @Dependency(\.mainQueue) var mainQueue
///   @Dependency(APIClient.self) var apiClient
/// }
/// ```
///
/// Each read sees the environment's current value: its own, else its nearest ancestor's, else the
/// default. To read dependencies outside an environment, use `GlobalDeps`.
@propertyWrapper
public struct Dependency<Value> {
  @usableFromInline let access: DependencyAccessHandle<Value>

  /// Reads the `Dependencies` property at `keyPath`.
  ///
  /// - Parameters:
  ///   - keyPath: The property to read, such as `\.mainQueue`.
  ///   - fileID: The file of the declaration, named when a test reads a key with no test value.
  ///   - line: The line of the declaration.
  public init(_ keyPath: KeyPath<Dependencies, Value>, fileID: StaticString = #fileID, line: UInt = #line) {
    self.access = DependencyAccessHandle(keyPath, declaredAt: (fileID, line))
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
  }

  /// Unavailable: a `ComposableDeps` dependency is read through its enclosing environment.
  @available(
    *, unavailable,
    message:
      "@Dependency from ComposableDeps works in ComposableEnvironment subclasses; import GlobalDeps to use it in any type"
  )
  public var wrappedValue: Value {
    fatalError("@Dependency from ComposableDeps works in ComposableEnvironment subclasses only.")
  }

  /// Reads the dependency from `environment`, the instance that declares the property.
  ///
  /// Inlinable so the optimizer folds the storage key path into a field load and the read
  /// specializes for the value type. It reads the environment's node unretained, so a read writes
  /// no reference count and reads of one environment from two threads scale (see
  /// Docs/Performance.md).
  @inlinable
  public static subscript<Environment: ComposableEnvironment>(
    _enclosingInstance environment: Environment,
    wrapped wrappedKeyPath: KeyPath<Environment, Value>,
    storage storageKeyPath: KeyPath<Environment, Self>
  ) -> Value {
    let access = environment[keyPath: storageKeyPath].access
    // The environment, borrowed by the caller, keeps its node alive; reading the node unretained
    // keeps the optimizer from retaining the environment around the read, a write to a shared
    // reference count that would keep two threads' reads from scaling.
    return Unmanaged.passUnretained(environment.node)._withUnsafeGuaranteedRef { access.read(at: $0) }
  }
}
