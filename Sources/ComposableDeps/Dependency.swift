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
/// Each read sees the environment's value, else its nearest ancestor's, else the default. Setting
/// the property sets it on that environment, as TCA 0.x tests change theirs:
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
  /// `fileID` and `line` name the declaration when a test reads a key with no test value.
  public init(_ keyPath: KeyPath<Dependencies, Value>, fileID: StaticString = #fileID, line: UInt = #line) {
    self.access = DependencyAccessHandle(keyPath, declaredAt: (fileID, line))
  }

  /// Reads the dependency whose key is `key`.
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

  /// Reads the dependency from `environment`, or sets it there. Inlinable so the storage key path
  /// folds into a field load; the node is read unretained, so reads from two threads scale.
  /// Setting a read-only key path is a runtime warning (a failure in a test).
  @inlinable
  public static subscript<Environment: ComposableEnvironment>(
    _enclosingInstance environment: Environment,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<Environment, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<Environment, Self>
  ) -> Value {
    get {
      let access = environment[keyPath: storageKeyPath].access
      // The node is read unretained (the caller's borrowed environment keeps it alive), so the optimizer
      // retains nothing around the read: a shared reference count would keep threads' reads from scaling.
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

/// Sets a `@Dependency` property's dependency on `environment`; warns when it is read-only.
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
