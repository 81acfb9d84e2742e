/// `GlobalDeps`' scope for `DepsTesting`'s `.dependencies { … }` trait, found by name at run time
/// (see `DependencyScopeProvider`).
package enum GlobalDependencyScope: DependencyScoping {
  package static func withScope(
    _ update: @escaping @Sendable (inout Dependencies) async throws -> Void,
    operation: @Sendable () async throws -> Void
  ) async throws -> DependencyUsage {
    let scope = try await DependencyOverlay.scope(updatedByAsync: update)
    do {
      try await DependencyOverlay.withCurrent(scope, isolation: nil, operation: operation)
    } catch {
      await shutDown(scope)
      throw error
    }
    await shutDown(scope)
    return scope.dependencyUsage
  }

  /// Shuts down what `scope` built, when it is a test's outermost scope, as an async
  /// `withDependencies` does before it returns.
  private static func shutDown(_ scope: DependencyOverlay) async {
    if DependencyOverlay.ownsDefaults(scope) { await DependencyOverlay.shutDownDefaults(ownedBy: scope) }
  }

  package static func usageOfScopeInForce() -> @Sendable () -> DependencyUsage {
    guard let scope = DependencyOverlay.current else { return { GlobalStore.node.dependencyUsage } }
    return { scope.dependencyUsage }
  }
}
