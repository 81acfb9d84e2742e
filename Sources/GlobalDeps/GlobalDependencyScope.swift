/// `GlobalDeps`' scope for `DepsTesting`'s `.dependencies { … }` trait, found by name at run time
/// (see `DependencyScopeProvider`).
package enum GlobalDependencyScope: DependencyScoping {
  package static func withScope(
    _ update: @escaping @Sendable (inout Dependencies) throws -> Void,
    operation: @Sendable () async throws -> Void
  ) async throws {
    try await withDependencies(update, operation: operation)
  }
}
