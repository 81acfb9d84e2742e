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
///
/// Setting the property sets the dependency on that environment, for it and its descendants, as
/// ``ComposableEnvironment/with(_:_:)-(WritableKeyPath<Dependencies,Value>,_)`` does. So a test can
/// change a dependency, or one endpoint of a client, as TCA 0.x tests change their environment
/// (`store.environment.weatherClient.search = { … }`):
///
/// ```swift
/// let environment = CounterEnvironment()
/// environment.mainQueue = .immediate   // as environment.with(\.mainQueue, .immediate)
/// ```
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

  /// Unavailable: a `ComposableDeps` dependency is read and set through its enclosing environment.
  @available(
    *, unavailable,
    message:
      "@Dependency from ComposableDeps works in ComposableEnvironment subclasses; import GlobalDeps to use it in any type"
  )
  public var wrappedValue: Value {
    get { fatalError("@Dependency from ComposableDeps works in ComposableEnvironment subclasses only.") }
    set { fatalError("@Dependency from ComposableDeps works in ComposableEnvironment subclasses only.") }
  }

  /// Reads the dependency from `environment`, the instance that declares the property, or sets it
  /// there.
  ///
  /// Inlinable so the optimizer folds the storage key path into a field load and the read
  /// specializes for the value type. It reads the environment's node unretained, so a read writes
  /// no reference count and reads of one environment from two threads scale (see
  /// Docs/Performance.md).
  ///
  /// Setting sets the dependency on `environment`, for it and its descendants, as
  /// ``ComposableEnvironment/with(_:_:)-(WritableKeyPath<Dependencies,Value>,_)`` does. A key path to
  /// a read-only `Dependencies` property cannot be set: that is a runtime warning, and in a test a
  /// test failure.
  @inlinable
  public static subscript<Environment: ComposableEnvironment>(
    _enclosingInstance environment: Environment,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<Environment, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<Environment, Self>
  ) -> Value {
    get {
      let access = environment[keyPath: storageKeyPath].access
      // The environment, borrowed by the caller, keeps its node alive; reading the node unretained
      // keeps the optimizer from retaining the environment around the read, a write to a shared
      // reference count that would keep two threads' reads from scaling.
      return Unmanaged.passUnretained(environment.node)._withUnsafeGuaranteedRef { access.read(at: $0) }
    }
    set {
      setDependency(newValue, access: environment[keyPath: storageKeyPath].access, on: environment)
    }
    // `environment.client.fetch = { … }` reads the client to change it: the test takes charge of
    // that dependency, and the read reports no missing test value (as `with(\.client.fetch, …)`).
    _modify {
      let access = environment[keyPath: storageKeyPath].access
      var value = TestValueCheck.unreported {
        Unmanaged.passUnretained(environment.node)._withUnsafeGuaranteedRef { access.read(at: $0) }
      }
      yield &value
      setDependency(value, access: access, on: environment)
    }
  }
}

/// Sets a `@Dependency` property's dependency on `environment`; warns when its key path is
/// read-only.
@usableFromInline
func setDependency<Value>(
  _ value: Value, access: DependencyAccessHandle<Value>, on environment: ComposableEnvironment
) {
  guard !access.write(value, at: environment.node) else { return }
  let environment = type(of: environment)
  runtimeWarn(
    """
    A @Dependency property of \(environment) was set, but its key path names a read-only \
    Dependencies property.

      Value type: \(Value.self)

    The value was not changed. To fix: give the Dependencies property a setter \
    (`set { self[Key.self] = newValue }`), or declare the property with the key type, as in \
    `@Dependency(Key.self)`.
    """,
    kind: "\(environment).\(Value.self)")
}
