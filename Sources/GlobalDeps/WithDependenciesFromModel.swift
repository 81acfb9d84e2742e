import DepsCore

/// What `withDependencies(from:)` looks for in a model: a `@Dependency` property's captured scope.
protocol CapturedScopeProviding {
  var capturedScope: DependencyNode? { get }
}

extension Dependency: CapturedScopeProviding {
  var capturedScope: DependencyNode? { captured }
}

enum ModelDependencies {
  /// What its `@Dependency` properties captured (the innermost); `nil`: made outside any scope.
  case captured(DependencyNode?)
  /// The scope of the `withDependencies` operation that returned it (no `@Dependency` property).
  case remembered(DependencyNode)
  /// Neither: it has no `@Dependency` property, and no `withDependencies` operation returned it.
  case none

  init(of model: AnyObject) {
    var found: DependencyNode?
    var hasDependency = false
    Self.forEachDependency(of: model) { property in
      hasDependency = true
      guard let scope = property.capturedScope else { return }
      // Of two captured scopes, keep the one nested in the other.
      if found.map({ scope.searches($0) }) ?? true { found = scope }
    }
    if hasDependency {
      self = .captured(found)
    } else if let scope = RememberedScopes.scope(of: model) {
      self = .remembered(scope)
    } else {
      self = .none
    }
  }

  private static func forEachDependency(of model: AnyObject, _ body: (any CapturedScopeProviding) -> Void) {
    var mirror: Mirror? = Mirror(reflecting: model)
    while let current = mirror {
      for child in current.children {
        if let property = child.value as? any CapturedScopeProviding { body(property) }
      }
      mirror = current.superclassMirror
    }
  }

  /// Whether `object` has a `@Dependency` property (its class's or a superclass's): such an object
  /// hands on what its properties captured, never a remembered scope. Cached per class.
  static func hasDependencyProperty(_ object: AnyObject) -> Bool {
    let type = ObjectIdentifier(Swift.type(of: object))
    if let known = classesWithDependencies.withLock({ $0[type] }) { return known }
    var found = false
    forEachDependency(of: object) { _ in found = true }
    if !(object is any CustomReflectable) { classesWithDependencies.withLock { $0[type] = found } }
    return found
  }

  private static let classesWithDependencies = Locked<[ObjectIdentifier: Bool]>([:])

  /// The scope a `withDependencies(from: model)` operation runs in: the model's values under the
  /// scope bound here (see `Scopes.node(bound:captured:)`). Warns when the model has none.
  static func scope(from model: AnyObject) -> DependencyNode {
    let made: DependencyNode?
    switch ModelDependencies(of: model) {
    case .captured(let scope): made = scope
    case .remembered(let scope): made = scope
    case .none:
      let type = String(describing: Swift.type(of: model))
      runtimeWarn(noDependenciesMessage(modelType: type), kind: type)
      made = nil
    }
    return Scopes.node(bound: Scopes.bound, captured: made)
  }

  static func noDependenciesMessage(modelType: String) -> String {
    """
    withDependencies(from:) found no dependencies to hand on in the given \(modelType).

    A model hands on the dependencies it was made with: the scope its @Dependency properties \
    captured, or, for an object that a withDependencies operation returned, that operation's \
    scope. \(modelType) has no @Dependency property and no withDependencies operation returned \
    it, so the operation runs with the dependencies in force where withDependencies(from:) was \
    called, plus the update's. To fix: return the \(modelType) from the operation of the \
    withDependencies that sets its dependencies up \
    (let model = withDependencies { … } operation: { \(modelType)(…) }), or give \(modelType) a \
    @Dependency property.
    """
  }
}

/// Runs `operation` with the dependencies `model` was made with, under the overrides of the
/// scope in force here.
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
/// The model's dependencies are the scope its `@Dependency` properties captured or, for an object
/// with none, the scope of the `withDependencies` operation that returned it; a model with neither
/// is reported. A scope in force here wins over the model's, as swift-dependencies merges them.
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  operation: () throws -> R
) rethrows -> R {
  try withDependencies(from: model, { _ in }, operation: operation)
}

/// Runs `operation` with the dependencies `model` was made with, under the overrides of the scope
/// in force here, plus the overrides of `update`.
///
/// ```swift
/// let child = withDependencies(from: parent) {
///   $0.uuid = .incrementing
/// } operation: {
///   ChildModel()
/// }
/// ```
///
/// `update` wins, then the scope in force here, then the model's dependencies (see
/// ``withDependencies(from:operation:)``); `update` reads those same values.
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  _ update: (inout Dependencies) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  try Scopes.withCurrent(ModelDependencies.scope(from: model)) {
    try withDependencies(update, operation: operation)
  }
}

/// The async form of ``withDependencies(from:operation:)``.
///
/// ```swift
/// await withDependencies(from: parent) { await ChildModel().load() }
/// ```
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
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout Dependencies) throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  try await Scopes.withCurrent(ModelDependencies.scope(from: model), isolation: isolation) {
    try await withDependencies(isolation: isolation, update, operation: operation)
  }
}
