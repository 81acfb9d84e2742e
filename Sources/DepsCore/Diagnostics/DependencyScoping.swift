/// What `GlobalDeps` provides to `DepsTesting`'s `.dependencies { … }` test trait: its scope.
///
/// `DepsTesting` does not depend on `GlobalDeps` (a `ComposableDeps` app's tests need not link
/// it); the trait finds `GlobalDeps`' conforming type at run time by its name, as
/// ``TestReporter`` finds `DepsTesting`.
package protocol DependencyScoping: Sendable {
  /// Runs `operation` inside the scope that the (possibly asynchronous) `update` makes; the
  /// outermost one makes the running test's defaults and shuts down what they built before it
  /// returns. Returns what was touched in that scope: the `.dependencies` trait's.
  static func withScope(
    _ update: @escaping @Sendable (inout Dependencies) async throws -> Void,
    operation: @Sendable () async throws -> Void
  ) async throws -> DependencyUsage

  /// What the scope in force now (the store, outside any) has touched, whenever it is asked: a
  /// `TestStore`'s with `strictDependencies`, for an environment that keeps no usage of its own.
  static func usageOfScopeInForce() -> @Sendable () -> DependencyUsage
}

/// Finds `GlobalDeps`' scope, once per process.
package enum DependencyScopeProvider {
  /// The mangled name of `GlobalDeps.GlobalDependencyScope` (an enum), as the compiler mangles
  /// it (`_mangledTypeName`): `0A` repeats the word `Global` of `GlobalDeps`.
  package static let typeName = "10GlobalDeps0A15DependencyScopeO"

  package static let linked: (any DependencyScoping.Type)? =
    _typeByName(typeName) as? any DependencyScoping.Type

  package static let notLinkedMessage = """
    The .dependencies trait needs GlobalDeps, which this test process does not link.

    The trait scopes GlobalDeps' process-wide dependencies to a test. To fix: add the \
    "GlobalDeps" product to the test target's dependencies, or, with ComposableDeps, override \
    dependencies on the test's environment with with(_:_:).
    """
}
