import DepsCore

/// Runs `operation` with dependencies overridden for the current task and its child tasks.
///
/// The process-wide store is untouched: other tasks, and parallel tests, see their own values.
/// Scopes nest: an inner scope sees the outer scope's overrides and adds its own. Child tasks
/// (`async let`, task groups, `Task {}`) inherit the scope; code that escapes the task (a
/// detached task, a `DispatchQueue` job, a stored callback) does not, unless it runs inside
/// ``EscapedDependencies/yield(_:)`` (see ``withEscapedDependencies(_:)``).
///
/// In a test process the outermost scope builds its own defaults, shared by the scopes nested in
/// it: each test that runs in a scope gets fresh `testValue`s, never another test's. Its `update`
/// reads those same defaults, so a stateful test value changed there is the instance `operation`
/// reads.
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
///     in a test process, the defaults an outermost scope builds).
///   - operation: Runs with the overrides in force.
/// - Returns: What `operation` returns.
@inlinable
public func withDependencies<R>(
  _ update: (inout Dependencies) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  let scope = try DependencyOverlay.scope(updatedBy: update)
  let result = try DependencyOverlay.withCurrent(scope, operation: operation)
  if DependencyOverlay.mayBeObject(R.self) {
    DependencyOverlay.remember(result, madeIn: scope)
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
/// a test's outermost scope, which builds defaults of its own, it shuts them down before it
/// returns (see `Dependencies.shutdown(timeout:)`), also when `operation` throws.
///
/// - Parameters:
///   - isolation: The actor `operation` runs on; inferred.
///   - update: Sets the overrides. Reads inside it see the values in force around the scope (and,
///     in a test process, the defaults an outermost scope builds).
///   - operation: Runs with the overrides in force.
/// - Returns: What `operation` returns.
@inlinable
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout Dependencies) throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  let scope = try DependencyOverlay.scope(updatedBy: update)
  let result: R
  do {
    result = try await DependencyOverlay.withCurrent(scope, isolation: isolation, operation: operation)
  } catch {
    if DependencyOverlay.ownsDefaults(scope) { await DependencyOverlay.shutDownDefaults(ownedBy: scope) }
    throw error
  }
  // A test's outermost scope built its own defaults: it shuts them down before it returns.
  if DependencyOverlay.ownsDefaults(scope) { await DependencyOverlay.shutDownDefaults(ownedBy: scope) }
  if DependencyOverlay.mayBeObject(R.self) {
    DependencyOverlay.remember(result, madeIn: scope)
  }
  return result
}
