/// A key for a dependency whose value is built asynchronously: a connection to open, a cache to
/// load, a server to start.
///
/// Declare it like a ``DependencyKey``, with ``makeDefault()`` in place of `defaultValue`, and
/// expose it as a property of ``Dependencies`` of type ``AsyncDependency``:
///
/// ```swift
/// private enum FactCacheKey: AsyncDependencyKey {
///   static func makeDefault() async throws -> FactCache { try await FactCache.open() }
///   static var testValue: AsyncDependency<FactCache> { .build { FactCache() } }
/// }
///
/// extension Dependencies {
///   var factCache: AsyncDependency<FactCache> {
///     get { self[FactCacheKey.self] }
///     set { self[FactCacheKey.self] = newValue }
///   }
/// }
/// ```
///
/// Read it with `try await environment.factCache.value` (or `@Dependency(\.factCache)`). The first
/// awaited read builds the value, once per store however many tasks await it; synchronous reads pay
/// nothing for it. A value that conforms to ``DependencyShutdown`` is shut down by `shutdown()`.
///
/// Like ``DependencyKey``, it refines `SendableMetatype` (``SendableMetatypeIfAvailable``), so a
/// key declared in a module with default MainActor isolation needs no `nonisolated`.
public protocol AsyncDependencyKey: SendableMetatypeIfAvailable {
  /// The type of the dependency's value.
  associatedtype Value: Sendable

  /// Builds the value used when nobody set one, outside tests.
  ///
  /// Called on the first awaited read, in a task of its own; when it throws, the waiting readers get
  /// the error and the next read calls it again. An await of a dependency whose build awaits this one
  /// reports the cycle and throws ``AsyncDependencyCycle`` instead of waiting forever.
  static func makeDefault() async throws -> Value

  /// The dependency used when nobody set one, while XCTest or Swift Testing runs the process.
  ///
  /// By default it fails the test that awaits it, then throws ``UnimplementedFailure``: a test
  /// never opens a live connection by mistake. Return ``AsyncDependency/value(_:)`` for a mock,
  /// or ``AsyncDependency/build(_:)`` for a value each test builds (and shuts down) anew.
  static var testValue: AsyncDependency<Value> { get }
}

extension AsyncDependencyKey {
  /// The default test value: fails the test that awaits it, then throws ``UnimplementedFailure``.
  public static var testValue: AsyncDependency<Value> {
    AsyncDependency(source: .missingTestValue(key: String(describing: Self.self)))
  }
}

extension Dependencies {
  /// Reads or writes the asynchronously built dependency identified by `key`.
  public subscript<Key: AsyncDependencyKey>(key: Key.Type) -> AsyncDependency<Key.Value> {
    get { self[Async<Key>.self] }
    set { self[Async<Key>.self] = newValue }
  }
}

/// The key under which ``Dependencies`` keeps the ``AsyncDependency`` of `Key`: built synchronously
/// like any default, it builds the value on its first await. Reports name it `Async<Key>`.
enum Async<Key: AsyncDependencyKey>: DependencyKey {
  static var defaultValue: AsyncDependency<Key.Value> {
    let build = AsyncBuild(maker: DefaultMaker<Key>(), scope: AsyncBuildScopes.current, keyName: keyName)
    return AsyncDependency(source: .build(build))
  }

  static var testValue: AsyncDependency<Key.Value> {
    Key.testValue.madeForStore(key: keyName, scope: AsyncBuildScopes.current)
  }

  private static var keyName: String { String(describing: Key.self) }
}

/// Calls `Key.makeDefault()`: what a build captures instead of the key's metatype, which is not
/// `Sendable` on every compiler (see ``AsyncBuild/init(maker:scope:keyName:)``).
private final class DefaultMaker<Key: AsyncDependencyKey>: AsyncValueMaker {
  func make() async throws -> Key.Value { try await Key.makeDefault() }
}
