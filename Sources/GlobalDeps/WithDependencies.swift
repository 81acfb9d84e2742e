import DepsCore

/// Runs `operation` with dependencies overridden for the current task and its child tasks.
///
/// The process-wide store is untouched: other tasks, and parallel tests, see their own values.
/// Scopes nest: an inner scope sees the outer scope's overrides and adds its own. Child tasks
/// (`async let`, task groups, `Task {}`) inherit the scope; code that escapes the task (a
/// detached task, a `DispatchQueue` job, a stored callback) does not, unless it runs inside
/// ``EscapedDependencies/yield(_:)`` (see ``withEscapedDependencies(_:)``).
///
/// In a test process the defaults a scope reads are the running test's (see Docs/Testing.md,
/// "Every test its own"): fresh `testValue`s in each test, never another test's, one instance
/// throughout the test, its scopes and their `update`s included.
///
/// When `operation` returns a class instance with no `@Dependency` property, the scope is
/// remembered for it, so that ``withDependencies(from:operation:)`` can hand it on. The record
/// holds the object weakly and the scope strongly: once the object is released, the scope and its
/// values are freed by the next sweep of the records, which a later `withDependencies` that
/// returns an object runs once the records have doubled since the last sweep (not at once: Swift
/// has no hook that runs when an arbitrary object is released). An object with a `@Dependency`
/// property hands on the scope its properties captured, and is not remembered; nor is an object
/// that is itself one of the scope's values or built defaults: remembered, it would keep its own
/// scope alive.
///
/// ```swift
/// let fact = withDependencies {
///   $0.numberFact = .mock
/// } operation: {
///   FeatureModel().loadFact()
/// }
/// ```
///
/// - Parameters:
///   - update: Sets the overrides. Reads inside it see the values in force around the scope (and,
///     in a test process, the running test's defaults).
///   - operation: Runs with the overrides in force.
/// - Returns: What `operation` returns.
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
/// It behaves as ``withDependencies(_:operation:)`` does, its result remembered alike. When it is
/// a test's outermost scope, it shuts down the defaults it built (the test's, first read during
/// it) before it returns, also when `operation` throws, and the test forgets them: a read after it
/// builds them anew (see `Dependencies.shutdown(timeout:)`).
///
/// - Parameters:
///   - isolation: The actor `operation` runs on; inferred.
///   - update: Sets the overrides. Reads inside it see the values in force around the scope (and,
///     in a test process, the running test's defaults).
///   - operation: Runs with the overrides in force.
/// - Returns: What `operation` returns.
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
