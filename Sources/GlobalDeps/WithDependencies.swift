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
/// it: each test that runs in a scope gets fresh `testValue`s, never another test's.
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
///   - update: Sets the overrides. Reads inside it see the values in force around the scope.
///   - operation: Runs with the overrides in force.
/// - Returns: What `operation` returns.
public func withDependencies<R>(
  _ update: (inout Dependencies) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  let overlay = try makeOverlay(update)
  return try DependencyOverlay.withCurrent(overlay, operation: operation)
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
/// - Parameters:
///   - isolation: The actor `operation` runs on; inferred.
///   - update: Sets the overrides. Reads inside it see the values in force around the scope.
///   - operation: Runs with the overrides in force.
/// - Returns: What `operation` returns.
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout Dependencies) throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  let overlay = try makeOverlay(update)
  return try await DependencyOverlay.withCurrent(overlay, isolation: isolation, operation: operation)
}

private func makeOverlay(_ update: (inout Dependencies) throws -> Void) rethrows -> DependencyOverlay {
  let parent = DependencyOverlay.current
  var dependencies = Dependencies(reader: ScopedReader.reader(in: parent))
  try update(&dependencies)
  let written = dependencies.written
  // Aliases declared in the update hold for this scope (and those nested in it) only.
  let aliases =
    written?.declaresAliases == true
    ? DependencyOverlay.declaredAliases(dependencies.aliases, in: parent) : nil
  return DependencyOverlay.scope(of: written, in: parent, aliases: aliases)
}
