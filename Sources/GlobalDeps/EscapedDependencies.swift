import DepsCore

/// The ``withDependencies(_:operation:)`` scope in force where it was captured, to re-install in
/// code that runs later, elsewhere: a callback, a `DispatchQueue` job, a `Thread`, a detached task.
///
/// Scoped overrides follow the current task and its child tasks only: capture the scope while it
/// is in force with ``withEscapedDependencies(_:)``, and run escaping code inside ``yield(_:)``:
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
public struct EscapedDependencies: Sendable {
  private let node: DependencyNode

  fileprivate init(node: DependencyNode) {
    self.node = node
  }

  /// Runs `operation` with the captured scope in force.
  ///
  /// `operation` sees the overrides (and, in a test, the defaults) in force where the scope was
  /// captured; with no scope captured, the process-wide store.
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
  public func yield<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> R
  ) async rethrows -> R {
    try await Scopes.withCurrent(node, isolation: isolation, operation: operation)
  }
}

/// Captures the ``withDependencies(_:operation:)`` scope in force, for code that escapes it.
///
/// Child tasks (`async let`, task groups, `Task {}`) inherit the scope on their own; code that
/// escapes the task runs inside ``EscapedDependencies/yield(_:)`` (see ``EscapedDependencies``).
public func withEscapedDependencies<R>(_ body: (EscapedDependencies) throws -> R) rethrows -> R {
  try body(EscapedDependencies(node: Scopes.inForce))
}

/// The async form of ``withEscapedDependencies(_:)``.
public func withEscapedDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (EscapedDependencies) async throws -> R
) async rethrows -> R {
  try await body(EscapedDependencies(node: Scopes.inForce))
}
