import DepsCore

/// Runs `operation` with dependencies overridden for the current task and its child tasks.
///
/// The process-wide store is untouched. Scopes nest; child tasks (`async let`, task groups,
/// `Task {}`) inherit the scope; code that escapes the task does not, unless it runs inside
/// ``EscapedDependencies/yield(_:)``.
///
/// In a test process the defaults a scope reads are the running test's: fresh in each test, one
/// instance throughout it (Docs/Testing.md, "Every test its own").
///
/// When `operation` returns a class instance with no `@Dependency` property, the scope is
/// remembered for it (the object weakly) so that ``withDependencies(from:operation:)`` can hand it
/// on; a later sweep frees the scope once the object is released (Swift has no release hook).
///
/// ```swift
/// let fact = withDependencies {
///   $0.numberFact = .mock
/// } operation: {
///   FeatureModel().loadFact()
/// }
/// ```
///
/// `update`'s reads see the values in force around the scope (in a test, the test's defaults).
@inlinable
public func withDependencies<R>(
  _ update: (inout Dependencies) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  let scope = try Scopes.scope(updatedBy: update)
  let result = try Scopes.withCurrent(scope, operation: operation)
  if Scopes.mayBeObject(R.self) {
    Scopes.remember(result, madeIn: scope)
  }
  return result
}

/// Runs the asynchronous `operation` with dependencies overridden for the current task and its
/// child tasks.
///
/// ```swift
/// await withDependencies {
///   $0.numberFact = .mock
/// } operation: {
///   await store.send(.factButtonTapped)
/// }
/// ```
///
/// As ``withDependencies(_:operation:)``. As a test's outermost scope, it shuts down the defaults
/// it built before it returns (also when `operation` throws), and a later read builds them anew.
@inlinable
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout Dependencies) throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  let outermost = Scopes.outermostTestScope()
  let scope: DependencyNode
  let result: R
  do {
    scope = try Scopes.scope(updatedBy: update)
    result = try await Scopes.withCurrent(scope, isolation: isolation, operation: operation)
  } catch {
    await outermost?.end()
    throw error
  }
  await outermost?.end()
  if Scopes.mayBeObject(R.self) {
    Scopes.remember(result, madeIn: scope)
  }
  return result
}
