import DepsCore

/// The ``withDependencies(_:operation:)`` scope in force where it was captured, to re-install in
/// code that runs later, elsewhere: a callback, a `DispatchQueue` job, a `Thread`, a detached task.
///
/// Scoped overrides follow the current task and its child tasks only. Code that escapes the task
/// (a closure stored and called later, a job handed to another queue) runs with the store's
/// values, not the scope's. Capture the scope with ``withEscapedDependencies(_:)`` while it is in
/// force, and run the escaping code inside ``yield(_:)``:
///
/// ```swift
/// withEscapedDependencies { dependencies in
///   DispatchQueue.global().async {
///     dependencies.yield {
///       // Sees the overrides in force where `withEscapedDependencies` was called.
///       @Dependency(\.apiClient) var apiClient
///       apiClient.fetch()
///     }
///   }
/// }
/// ```
///
/// `EscapedDependencies` is `Sendable`: pass it to any thread or task and call ``yield(_:)`` as
/// often as you like.
public struct EscapedDependencies: Sendable {
  private let node: DependencyNode

  fileprivate init(node: DependencyNode) {
    self.node = node
  }

  /// Runs `operation` with the captured scope in force.
  ///
  /// The captured scope replaces the one in force where `yield` is called: `operation` sees
  /// exactly the overrides it would have seen where the scope was captured, and, in a test, the
  /// same defaults. With no scope captured, `operation` reads the process-wide store.
  ///
  /// - Parameter operation: The code to run.
  /// - Returns: What `operation` returns.
  public func yield<R>(_ operation: () throws -> R) rethrows -> R {
    try Scopes.withCurrent(node, operation: operation)
  }

  /// Runs the asynchronous `operation` with the captured scope in force.
  ///
  /// ```swift
  /// Task.detached {
  ///   await dependencies.yield {
  ///     await model.refresh()
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor `operation` runs on; inferred.
  ///   - operation: The code to run.
  /// - Returns: What `operation` returns.
  public func yield<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> R
  ) async rethrows -> R {
    try await Scopes.withCurrent(node, isolation: isolation, operation: operation)
  }
}

/// Captures the ``withDependencies(_:operation:)`` scope in force, for code that escapes it.
///
/// Call it where the overrides are in force and hand the ``EscapedDependencies`` to the escaping
/// code, which runs its work inside ``EscapedDependencies/yield(_:)``:
///
/// ```swift
/// final class Downloader {
///   func start(completion: @escaping @Sendable (String) -> Void) {
///     withEscapedDependencies { dependencies in
///       DispatchQueue.global().async {
///         dependencies.yield {
///           completion(Dependency(\.apiClient).wrappedValue.name)
///         }
///       }
///     }
///   }
/// }
/// ```
///
/// Child tasks (`async let`, task groups, `Task {}`) inherit the scope on their own; they do not
/// need this.
///
/// - Parameter body: Receives the captured scope; it may store it or pass it anywhere.
/// - Returns: What `body` returns.
public func withEscapedDependencies<R>(_ body: (EscapedDependencies) throws -> R) rethrows -> R {
  try body(EscapedDependencies(node: Scopes.inForce))
}

/// Captures the ``withDependencies(_:operation:)`` scope in force, for code that escapes it, in
/// asynchronous code.
///
/// - Parameters:
///   - isolation: The actor `body` runs on; inferred.
///   - body: Receives the captured scope; it may store it or pass it anywhere.
/// - Returns: What `body` returns.
public func withEscapedDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (EscapedDependencies) async throws -> R
) async rethrows -> R {
  try await body(EscapedDependencies(node: Scopes.inForce))
}
