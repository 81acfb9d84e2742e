import DepsCore

/// What `withDependencies(from:)` looks for in a model: a `@Dependency` property's captured scope.
protocol CapturedScopeProviding {
  var capturedScope: DependencyNode? { get }
}

extension Dependency: CapturedScopeProviding {
  var capturedScope: DependencyNode? { captured }
}

/// The dependencies a model was made with, as `withDependencies(from:)` finds them.
enum ModelDependencies {
  /// The scope its `@Dependency` properties captured (the innermost one among them): `nil` when
  /// it was made outside any scope.
  case captured(DependencyNode?)
  /// The scope of the `withDependencies` operation that returned it (it has no `@Dependency`
  /// property).
  case remembered(DependencyNode)
  /// Neither: it has no `@Dependency` property, and no `withDependencies` operation returned it.
  case none

  /// What `model` was made with.
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

  /// Calls `body` with each `@Dependency` property of `model`, its superclasses' included.
  private static func forEachDependency(of model: AnyObject, _ body: (any CapturedScopeProviding) -> Void) {
    var mirror: Mirror? = Mirror(reflecting: model)
    while let current = mirror {
      for child in current.children {
        if let property = child.value as? any CapturedScopeProviding { body(property) }
      }
      mirror = current.superclassMirror
    }
  }

  /// Whether `object` has a `@Dependency` property (of its class or a superclass): such an object
  /// hands on the scope its properties captured, never a remembered one (see ``init(of:)``).
  /// Worked out once per class, unless it reflects itself (`CustomReflectable`).
  static func hasDependencyProperty(_ object: AnyObject) -> Bool {
    let type = ObjectIdentifier(Swift.type(of: object))
    if let known = classesWithDependencies.withLock({ $0[type] }) { return known }
    var found = false
    forEachDependency(of: object) { _ in found = true }
    if !(object is any CustomReflectable) { classesWithDependencies.withLock { $0[type] = found } }
    return found
  }

  /// ``hasDependencyProperty(_:)`` by class.
  private static let classesWithDependencies = Locked<[ObjectIdentifier: Bool]>([:])

  /// The scope to run a `withDependencies(from: model)` operation in (before its update): the
  /// model's values with those of the scope bound here winning where both set a key (see
  /// `Scopes.node(bound:captured:)`). Warns when the model has no dependencies to hand on.
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

  /// The warning of `withDependencies(from:)` given a model with no dependencies to hand on.
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
/// The dependencies a model was made with are the `withDependencies` scope its `@Dependency`
/// properties captured or, for an object with no `@Dependency` property, the scope of the
/// `withDependencies` operation that returned it: `withDependencies` remembers the scope of every
/// such instance its operation returns (the object weakly; the scope until a sweep after the
/// object is released, see ``withDependencies(_:operation:)``), except an object that is itself one
/// of that scope's values or built defaults. A model with neither
/// is reported (a runtime warning, which fails the running test in a test process), and
/// `operation` runs with the scope in force here.
///
/// Where a `withDependencies` scope is in force here, its overrides win over the model's where
/// both set a dependency (as swift-dependencies merges the current values over the model's): the
/// operation reads the model's dependencies plus the scope in force. Its aliases and the model's
/// both hold.
///
/// - Parameters:
///   - model: An object with `@Dependency` properties, or one returned from a `withDependencies`
///     operation.
///   - operation: The work to run with the model's dependencies.
/// - Returns: What `operation` returns.
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
/// The operation reads, for each dependency, what `update` set, else what the scope in force here
/// set, else what the model was made with (see ``withDependencies(from:operation:)``): the
/// dependencies the model was made with, plus `update`, with the scope in force winning over the
/// model's where both set a value. `update` reads those same values.
///
/// - Parameters:
///   - model: An object with `@Dependency` properties, or one returned from a `withDependencies`
///     operation.
///   - update: Overrides on top of the model's and the scope's.
///   - operation: The work to run in that scope.
/// - Returns: What `operation` returns.
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
///
/// - Parameters:
///   - model: An object with `@Dependency` properties, or one returned from a `withDependencies`
///     operation.
///   - isolation: The actor `operation` runs on; the caller's by default.
///   - operation: The work to run with the model's dependencies, under the scope in force here.
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
///   - model: An object with `@Dependency` properties, or one returned from a `withDependencies`
///     operation.
///   - isolation: The actor `operation` runs on; the caller's by default.
///   - update: Overrides on top of the model's and the scope's.
///   - operation: The work to run in that scope.
/// - Returns: What `operation` returns.
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
