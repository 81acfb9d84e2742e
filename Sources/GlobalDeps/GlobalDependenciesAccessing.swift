import DepsCore

/// A type that reads and writes the process-wide dependency store.
///
/// Conform any type to get the environment API (`with`, ``aliasing(_:to:)``, the subscript). All
/// conforming values, and every ``Dependency``, see one store.
///
/// ```swift
/// struct AppEnvironment: GlobalEnvironment {
///   @Dependency(\.apiClient) var apiClient
/// }
///
/// let environment = AppEnvironment().with(\.apiClient, .live)
/// ```
public protocol GlobalDependenciesAccessing {}

/// An environment that reads the process-wide dependency store and that reducers can create on
/// their own, as environment-less pullbacks do.
public protocol GlobalEnvironment: GlobalDependenciesAccessing {
  /// Creates the environment. It holds no dependency values of its own: they live in the store.
  init()
}

extension GlobalDependenciesAccessing {
  /// Sets the dependency at `keyPath` in the process-wide store, seen everywhere but inside a
  /// ``withDependencies(_:operation:)`` scope that overrides it.
  @discardableResult
  public func with<Value>(_ keyPath: WritableKeyPath<Dependencies, Value>, _ value: Value) -> Self {
    StoreWriteWarnings.checkWrite(StoreWriteWarnings.name(keyPath))
    GlobalStore.node.set(keyPath, value)
    return self
  }

  /// Sets the dependency whose key is `key` in the process-wide store.
  ///
  /// ```swift
  /// AppEnvironment().with(APIClient.self, .mock)
  /// ```
  @discardableResult
  public func with<Key: DependencyKey>(_ key: Key.Type, _ value: Key.Value) -> Self {
    StoreWriteWarnings.checkWrite("\(Key.self)")
    GlobalStore.node.set(key, value)
    return self
  }

  /// Makes `dependency` an alias of `reference`, process-wide.
  ///
  /// Setting or reading either then sets or reads both; while neither is set both read
  /// `reference`'s default. A cycle is refused with a runtime warning.
  @discardableResult
  public func aliasing<Value>(
    _ dependency: WritableKeyPath<Dependencies, Value>,
    to reference: WritableKeyPath<Dependencies, Value>
  ) -> Self {
    // A key path that reads no key, or several, is refused with a warning that names it.
    guard let alias = KeyPathResolution.id(for: dependency),
      let target = KeyPathResolution.id(for: reference)
    else { return self }
    StoreWriteWarnings.checkAlias(alias.description, target.description)
    GlobalStore.node.addAlias(alias, to: target)
    return self
  }

  /// Reads or writes the dependency at `keyPath`: `environment[\.mainQueue]`.
  ///
  /// Reads see the ``withDependencies(_:operation:)`` scope in force; writes go to the
  /// process-wide store.
  public subscript<Value>(keyPath: WritableKeyPath<Dependencies, Value>) -> Value {
    get { Dependencies(reader: Scopes.inForce)[keyPath: keyPath] }
    nonmutating set {
      StoreWriteWarnings.checkWrite(StoreWriteWarnings.name(keyPath))
      GlobalStore.node.set(keyPath, newValue)
    }
  }
}

/// Resetting the process-wide store: for tests, and tools that run several sessions.
extension Dependencies {
  /// Sets every dependency of the process-wide store back to its default.
  ///
  /// Values set with `with`, built defaults and the store's usage are forgotten, and in a test the
  /// running test's too. Aliases stay: ``clearAliases()`` removes them.
  public static func reset() {
    GlobalStore.node.reset()
    TestScopes.current()?.reset()
  }

  /// Removes every process-wide alias, including those declared by `@Derived(aliases:)`.
  public static func clearAliases() {
    GlobalStore.node.clearAliases()
  }
}
