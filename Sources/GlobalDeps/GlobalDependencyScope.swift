import DepsCore

/// `GlobalDeps`' scope for `DepsTesting`'s `.dependencies { … }` trait, found by name at run time
/// (see `DependencyScopeProvider`).
package enum GlobalDependencyScope: DependencyScoping {
  /// The outermost trait of a test makes the test's node (see `TestScopes`), and shuts down what
  /// it built before it returns; a trait inside another is a scope inside the outer one's.
  package static func withScope(
    _ update: @escaping @Sendable (inout Dependencies) async throws -> Void,
    operation: @Sendable () async throws -> Void
  ) async throws -> DependencyUsage {
    guard Scopes.boundScope == nil else { return try await scoped(update, operation: operation) }
    return try await TestScopes.withNode(for: RunningTests.current()) { _ in
      try await scoped(update, operation: operation)
    }
  }

  private static func scoped(
    _ update: @Sendable (inout Dependencies) async throws -> Void,
    operation: @Sendable () async throws -> Void
  ) async throws -> DependencyUsage {
    let scope = try await Scopes.scope(isolation: nil, updatedByAsync: update)
    try await Scopes.withCurrent(scope, isolation: nil, operation: operation)
    return scope.dependencyUsage
  }

  package static func usageOfScopeInForce() -> @Sendable () -> DependencyUsage {
    let scope = Scopes.inForce
    return { scope.dependencyUsage }
  }
}
