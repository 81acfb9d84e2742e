import DepsCore

/// What `withDependencies(from:)` looks for in a model: a `@Dependency` property's captured scope.
protocol CapturedScopeProviding {
  var capturedScope: DependencyOverlay? { get }
}

extension Dependency: CapturedScopeProviding {
  var capturedScope: DependencyOverlay? { captured }
}

/// The scope `model`'s `@Dependency` properties captured when it was made (the innermost one
/// among them), or `nil` when it was made outside any scope or has no `@Dependency` property.
func capturedScope(of model: AnyObject) -> DependencyOverlay? {
  var found: DependencyOverlay?
  var mirror: Mirror? = Mirror(reflecting: model)
  while let current = mirror {
    for child in current.children {
      guard let scope = (child.value as? any CapturedScopeProviding)?.capturedScope else { continue }
      // Of two captured scopes, keep the one nested in the other.
      if found.map({ scope.contains($0) }) ?? true { found = scope }
    }
    mirror = current.superclassMirror
  }
  return found
}

/// Runs `operation` with the dependencies `model` was made with: the overrides of the
/// `withDependencies` scope its `@Dependency` properties captured.
///
/// A parent model hands its overrides to the children it creates, so a child made in a test's
/// scope and used later keeps the test's mocks:
///
/// ```swift
/// final class ParentModel {
///   @Dependency(\.apiClient) var apiClient
///   func makeChild() -> ChildModel {
///     withDependencies(from: self) { ChildModel() }
///   }
/// }
/// ```
///
/// - Parameters:
///   - model: An object with `@Dependency` properties.
///   - operation: The work to run in the model's scope.
/// - Returns: What `operation` returns.
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  operation: () throws -> R
) rethrows -> R {
  try withDependencies(from: model, { _ in }, operation: operation)
}

/// Runs `operation` with the dependencies `model` was made with, plus the overrides of `update`.
///
/// ```swift
/// let child = withDependencies(from: parent) {
///   $0.uuid = .incrementing
/// } operation: {
///   ChildModel()
/// }
/// ```
///
/// - Parameters:
///   - model: An object with `@Dependency` properties.
///   - update: Overrides on top of the model's.
///   - operation: The work to run in that scope.
/// - Returns: What `operation` returns.
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  _ update: (inout Dependencies) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  let scope = capturedScope(of: model)
  return try DependencyOverlay.withCurrent(scope) {
    try withDependencies(update, operation: operation)
  }
}

/// The async form of ``withDependencies(from:operation:)``.
///
/// ```swift
/// await withDependencies(from: parent) { await ChildModel().load() }
/// ```
///
/// - Parameters:
///   - model: An object with `@Dependency` properties.
///   - isolation: The actor `operation` runs on; the caller's by default.
///   - operation: The work to run in the model's scope.
/// - Returns: What `operation` returns.
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> R
) async rethrows -> R {
  try await withDependencies(from: model, isolation: isolation, { _ in }, operation: operation)
}

/// The async form of ``withDependencies(from:_:operation:)``.
///
/// ```swift
/// await withDependencies(from: parent) { $0.uuid = .incrementing } operation: {
///   await ChildModel().load()
/// }
/// ```
///
/// - Parameters:
///   - model: An object with `@Dependency` properties.
///   - isolation: The actor `operation` runs on; the caller's by default.
///   - update: Overrides on top of the model's.
///   - operation: The work to run in that scope.
/// - Returns: What `operation` returns.
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout Dependencies) throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  let scope = capturedScope(of: model)
  return try await DependencyOverlay.withCurrent(scope, isolation: isolation) {
    try await withDependencies(isolation: isolation, update, operation: operation)
  }
}
