/// A dependency whose value is built asynchronously: read it with `try await dependency.value`.
///
/// What ``Dependencies`` holds for an ``AsyncDependencyKey``: the store makes one for the key's
/// ``AsyncDependencyKey/makeDefault()``; you make one to override the dependency:
///
/// ```swift
/// let environment = CounterEnvironment()
///   .with(\.factCache, .value(FactCache()))       // built already
///   .with(\.database, .build { try await Database.open(path: ":memory:") })  // on first await
/// ```
///
/// A reader that is cancelled stops waiting with `CancellationError`; the build goes on for the
/// others. A build that throws gives every waiting reader the error, and the next read tries again.
public struct AsyncDependency<Value: Sendable>: Sendable {
  package enum Source: Sendable {
    case value(Value)
    case build(AsyncBuild<Value>)
    /// The default `testValue` of the key: fails the test when awaited.
    case missingTestValue(key: String)
  }

  package let source: Source

  init(source: Source) {
    self.source = source
  }

  /// A dependency whose value is `value`, built already: reads return it at once.
  ///
  /// The value is yours: the store does not shut it down, even when it conforms to
  /// ``DependencyShutdown``.
  public static func value(_ value: Value) -> Self {
    Self(source: .value(value))
  }

  /// A dependency built by `make` on its first await, once, for every task that awaits it.
  ///
  /// As an override, the value is yours: the store does not shut it down. As a key's `testValue`,
  /// each store (each test) builds its own with `make`, and shuts it down.
  ///
  /// `make` runs in a task of its own: cancelling the reader that started it does not cancel it.
  /// When it throws, the next read calls it again.
  public static func build(_ make: @escaping @Sendable () async throws -> Value) -> Self {
    Self(source: .build(AsyncBuild(make: make, scope: nil, keyName: nil)))
  }

  /// The value: built on the first await, then the same for every read.
  /// - Throws: `CancellationError` when the reader is cancelled (the build goes on); the build's
  ///   error (the next read tries again); ``UnimplementedFailure`` for a key's default `testValue`;
  ///   ``AsyncDependencyCycle`` for a build that needs itself. The last two also fail the test.
  public var value: Value {
    get async throws {
      switch source {
      case .value(let value): return value
      case .build(let build): return try await build.value
      case .missingTestValue(let key): try MissingAsyncTestValue.fail(key: key)
      }
    }
  }

  /// This dependency as a store's default: a build made anew (no two stores share a built value,
  /// even for a key that returns one `static let`), run with `scope`, named after `key`.
  func madeForStore(key: String, scope: (any AsyncBuildScope)?) -> Self {
    guard case .build(let build) = source else { return self }
    return Self(source: .build(AsyncBuild(make: build.make, scope: scope, keyName: key)))
  }
}

extension AsyncDependency: CustomStringConvertible {
  /// The value once it is built; until then, what it is waiting for. Reports
  /// (`dependencyReport()`) show it.
  ///
  /// ```swift
  /// print(AsyncDependency<Int>.value(42))            // 42
  /// print(AsyncDependency<Int>.build { 42 })         // AsyncDependency<Int> (not built yet)
  /// ```
  public var description: String {
    switch source {
    case .value(let value):
      return String(describing: value)
    case .build(let build):
      guard let built = build.built else { return "AsyncDependency<\(Value.self)> (not built yet)" }
      return String(describing: built.value)
    case .missingTestValue:
      return "AsyncDependency<\(Value.self)> (no test value)"
    }
  }
}

/// The failure of a key's default `testValue` when a test awaits it.
enum MissingAsyncTestValue {
  static func message(key: String) -> String {
    """
    \(key) has no test value, but was awaited in a test.

    An AsyncDependencyKey's makeDefault() builds the live value, which a test must not reach. \
    To fix: override it, e.g. env.with(\\.yourDependency, .value(mock)) or \
    withDependencies { $0.yourDependency = .value(mock) } operation: { ... }, or declare \
    static var testValue: AsyncDependency<Value> on \(key).
    """
  }

  /// Fails the running test (outside tests: a runtime warning), then throws.
  static func fail(key: String) throws(UnimplementedFailure) -> Never {
    switch DependencyContext.current {
    case .test:
      reportTestFailure(message(key: key), fileID: #fileID, filePath: #filePath, line: #line, column: #column)
    case .live, .preview:
      runtimeWarn(message(key: key) + "\n\n" + DependencyContext.detectionNote, kind: key)
    }
    throw UnimplementedFailure(endpoint: "\(key).testValue")
  }
}
