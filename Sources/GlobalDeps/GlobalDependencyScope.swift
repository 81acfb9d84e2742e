/// `GlobalDeps`' scope for `DepsTesting`'s `.dependencies { … }` trait, found by name at run time
/// (see `DependencyScopeProvider`).
package enum GlobalDependencyScope: DependencyScoping {
  package static func withScope(
    _ update: @escaping @Sendable (inout Dependencies) throws -> Void,
    operation: @Sendable () async throws -> Void
  ) async throws {
    try await withDependencies(update, operation: operation)
  }

  package static func withUsageScope(
    _ update: @escaping @Sendable (inout Dependencies) async throws -> Void,
    operation: @Sendable () async throws -> Void
  ) async throws -> DependencyUsage {
    let scope = try await DependencyOverlay.scope(updatedByAsync: update)
    try await DependencyOverlay.withCurrent(scope, isolation: nil, operation: operation)
    return scope.dependencyUsage
  }

  package static func usageOfScopeInForce() -> @Sendable () -> DependencyUsage {
    guard let scope = DependencyOverlay.current else { return { GlobalStore.node.dependencyUsage } }
    return { scope.dependencyUsage }
  }
}
