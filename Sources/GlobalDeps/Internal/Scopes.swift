import DepsCore

/// `GlobalDeps`' scopes of values: each a ``DependencyNode`` (of `DepsCore`), read as any node is.
///
/// A `withDependencies` scope is a node whose values are what its update wrote, fixed from the
/// start, under the scope in force where it was made. The scope in force for a task is the one
/// bound in the task-local ``binding``; with none bound, the running test's node in a test process
/// (``TestScopes``), else the process-wide store's (``GlobalStore``). A `@Dependency` remembers
/// the scope in force where it was made, and reads through the scope bound where it is read,
/// which wins, and then through the one it remembered (see ``node(bound:captured:)``).
@usableFromInline
enum Scopes {
  /// The scope bound for the current task and its child tasks; ``unbound`` for none.
  ///
  /// A class type rather than an optional: the runtime copies a task-local value (on every
  /// binding and lookup) through its type's value witnesses, which for an `Optional` cost several
  /// times the retain a class's do.
  @TaskLocal private static var binding: DependencyNode = unbound

  /// What ``binding`` holds while no scope is bound; never read through.
  private static let unbound = DependencyNode(ownerName: "no scope")

  /// Whether some scope may be in force somewhere: a binding holds its scope, so while no scope
  /// (or running test's node) is alive, none is in force, and reads skip the task-local lookup.
  /// Always in a test process, where a read outside any scope is the running test's.
  @inlinable @inline(__always)
  static var mayBeInForce: Bool { ReadPathWords.scopesAlive != 0 }

  /// The scope bound for the current task, if any.
  static var bound: DependencyNode? {
    guard mayBeInForce else { return nil }
    let node = $binding.get()
    return node === unbound ? nil : node
  }

  /// The scope in force for the current task: the bound one, else the running test's, else the
  /// store.
  static var inForce: DependencyNode {
    bound ?? TestScopes.current() ?? GlobalStore.node
  }

  /// The node a read goes through: the scope `bound` for the task, then the scope `captured`
  /// where the reader was made (the one bound wins where both set a key).
  ///
  /// With none bound, the captured one, else the running test's or the store. A captured scope
  /// that the bound one searches adds nothing; any other is searched after the bound one's own
  /// scopes, through a node made for the read (rare: a model made in one scope, used in another).
  static func node(bound: DependencyNode?, captured: DependencyNode?) -> DependencyNode {
    // A running test's node or the store bound (`EscapedDependencies.yield` outside any scope)
    // sets nothing over what a captured scope reads.
    guard let bound, !isBase(bound) else {
      return captured ?? bound ?? TestScopes.current() ?? GlobalStore.node
    }
    guard let captured, captured !== bound, !bound.searches(captured) else { return bound }
    return DependencyNode(scopeOf: [], aliases: AliasTable(), parent: bound, fallback: captured)
  }

  /// Whether `node` is a running test's node or the store: what every scope is over.
  static func isBase(_ node: DependencyNode) -> Bool {
    node.ownsDefaults || node === GlobalStore.node
  }

  /// The `withDependencies` scope bound for the current task, if any: ``bound`` unless it is a
  /// running test's node or the store.
  static var boundScope: DependencyNode? {
    bound.flatMap { isBase($0) ? nil : $0 }
  }

  /// Reads a `@Dependency` that captured `captured` (`nil`: none, or the store).
  ///
  /// Inlinable, so that it is specialized for the value type where it is used, and never inlined,
  /// so that the store's read, inlined around it, stays small.
  @inlinable @inline(never)
  static func read<Value>(_ access: DependencyAccessHandle<Value>, captured: DependencyNode?) -> Value {
    access.read(at: node(captured: captured))
  }

  /// ``node(bound:captured:)`` for the current task.
  @usableFromInline
  static func node(captured: DependencyNode?) -> DependencyNode {
    node(bound: bound, captured: captured)
  }

  /// Reads a `@Dependency` that holds the scope it captured weakly (one a default of that scope
  /// made), as ``read(_:captured:)`` reads one that holds it strongly.
  @inlinable @inline(never)
  static func read<Value>(_ access: DependencyAccessHandle<Value>, capturedWeakly: WeakScope) -> Value {
    read(access, captured: capturedWeakly.node)
  }

  /// The value the thread's cache holds for a read of the store through `access`, when no scope
  /// is alive (so none is in force) and the store is made; `nil` otherwise, for
  /// ``read(_:captured:)``.
  ///
  /// Inlinable and small: what a `@Dependency` that captured no scope inlines where it is read.
  /// The store's node is unretained: it lives for the whole process, and retaining it would make
  /// threads reading at once contend on its reference count.
  @inlinable @inline(__always)
  static func cachedStoreValue<Value>(_ access: DependencyAccessHandle<Value>) -> Value? {
    guard !mayBeInForce, let store = ReadPathWords.globalStore else { return nil }
    return ThreadReadCache.cachedValue(
      scope: store._withUnsafeGuaranteedRef { $0.serial }, key: access.cacheKey, as: Value.self)
  }

  // MARK: Capturing

  /// The node whose defaults the current task is building, if any.
  @TaskLocal private static var defaultsBeingBuilt: DependencyNode?

  /// What a `@Dependency` made now captures: the scope in force (`nil` for the store), held
  /// strongly, or weakly when it is made by a default that scope (or one it searches) is
  /// building, which that scope owns: a strong hold would keep the scope alive through itself.
  @usableFromInline
  static func captureInForce() -> (strong: DependencyNode?, weak: WeakScope?) {
    guard mayBeInForce else { return (nil, nil) }
    guard let node = bound ?? TestScopes.current() else { return (nil, nil) }
    // Only a running test's node builds defaults of its own, in a test process.
    guard DependencyContext.isTest, let building = defaultsBeingBuilt, node.searches(building) else {
      return (node, nil)
    }
    return (nil, WeakScope(node))
  }

  // MARK: Binding

  /// Runs `operation` with `node` bound for the current task and its child tasks.
  @usableFromInline
  static func withCurrent<R>(_ node: DependencyNode, operation: () throws -> R) rethrows -> R {
    try $binding.withValue(node, operation: operation)
  }

  /// Runs the asynchronous `operation` with `node` bound for the current task and its child tasks.
  @usableFromInline
  static func withCurrent<R>(
    _ node: DependencyNode, isolation: isolated (any Actor)?, operation: () async throws -> R
  ) async rethrows -> R {
    try await $binding.withValue(node, operation: operation, isolation: isolation)
  }

  /// Builds a default of `owner` (a running test's node, or the store) with `scope` bound (the
  /// reading scope, or the store for its own), marked as building `owner`'s defaults (see
  /// ``captureInForce()``); `asyncBuilds` is how the asynchronous defaults the default may make are
  /// built.
  static func buildDefault(
    of owner: DependencyNode, in scope: DependencyNode? = nil, asyncBuilds: DefaultsAsyncBuilds,
    _ build: () -> AnyValueBox
  ) -> AnyValueBox {
    AsyncBuildScopes.$current.withValue(asyncBuilds) {
      $defaultsBeingBuilt.withValue(owner === GlobalStore.node ? nil : owner) {
        withCurrent(scope ?? owner, operation: build)
      }
    }
  }

  /// The asynchronous twin of ``buildDefault(of:in:asyncBuilds:_:)``.
  static func buildDefault<Value: Sendable>(
    of owner: DependencyNode, in scope: DependencyNode, _ build: @Sendable () async throws -> Value
  ) async throws -> Value {
    try await $defaultsBeingBuilt.withValue(owner === GlobalStore.node ? nil : owner) {
      try await withCurrent(scope, isolation: nil, operation: build)
    }
  }

  // MARK: Making scopes

  /// The scope of a `withDependencies` update: what `update` writes, over the scope in force.
  /// The update reads the values in force around the scope.
  @usableFromInline
  static func scope(updatedBy update: (inout Dependencies) throws -> Void) rethrows -> DependencyNode {
    try TestValueCheck.checkingUpdate(writes: \.ownIDs) {
      let parent = inForce
      var dependencies = Dependencies(reader: parent)
      try update(&dependencies)
      return scope(of: dependencies, in: parent)
    }
  }

  /// The scope of an asynchronous update, as ``scope(updatedBy:)`` makes a synchronous one's: the
  /// `.dependencies` test trait's, whose update may be `async`.
  static func scope(
    isolation: isolated (any Actor)? = #isolation,
    updatedByAsync update: (inout Dependencies) async throws -> Void
  ) async throws -> DependencyNode {
    try await TestValueCheck.checkingUpdate(writes: \.ownIDs) {
      let parent = inForce
      var dependencies = Dependencies(reader: parent)
      try await update(&dependencies)
      return scope(of: dependencies, in: parent)
    }
  }

  /// The scope of what `dependencies` wrote, in `parent`.
  private static func scope(of dependencies: Dependencies, in parent: DependencyNode) -> DependencyNode {
    DependencyNode(
      scopeOf: dependencies.writes, aliases: declaredAliases(dependencies.aliases, in: parent),
      parent: parent)
  }

  /// The aliases of `builder`, to declare in a scope made inside `parent`: each resolved to its key
  /// and checked against the aliases in force there; one that would close a cycle is refused with
  /// a runtime warning.
  static func declaredAliases(_ builder: AliasBuilder, in parent: DependencyNode) -> AliasTable {
    guard !builder.pairs.isEmpty else { return AliasTable() }
    var inForce = parent.effectiveAliases
    var declared = AliasTable()
    for pair in builder.pairs {
      guard
        let alias = KeyPathResolution.id(for: pair.alias.keyPath),
        let reference = KeyPathResolution.id(for: pair.reference.keyPath)
      else { continue }
      if inForce.addOrWarn(alias, to: reference) == .added {
        declared.add(alias, to: reference)
      }
    }
    return declared
  }

  // MARK: A test's outermost async scope

  /// Where an outermost async `withDependencies` in a test began: the test's node, and the build
  /// order then. The scope uses the test's defaults; what it built it shuts down and forgets at
  /// its end, so that the test's reads after it get values that were never shut down.
  @usableFromInline
  struct OutermostTestScope: Sendable {
    let node: DependencyNode
    let mark: UInt64

    /// Shuts down what the scope built, last built first, and forgets it.
    @usableFromInline
    func end() async {
      await node.shutDownAndForget(builtAfter: mark, timeout: .seconds(10))
    }
  }

  /// The start of an outermost async `withDependencies` in a test; `nil` elsewhere.
  @usableFromInline
  static func outermostTestScope() -> OutermostTestScope? {
    guard DependencyContext.isTest, boundScope == nil, let test = bound ?? TestScopes.current(),
      test.ownsDefaults
    else { return nil }
    return OutermostTestScope(node: test, mark: BuildOrder.next())
  }

  // MARK: Remembering

  /// Whether a `withDependencies` operation's result of type `R` may be a class instance, whose
  /// scope is remembered for `withDependencies(from:)`: a class, or an existential that may hold
  /// one (`AnyObject`, a class-bound protocol, `Any`).
  ///
  /// Inlined where `withDependencies` is, so that it folds to `false` at compile time where `R` is
  /// known not to be a class: `R.self is AnyClass` leaves a runtime call even for `Void`, and does
  /// not hold for an existential; `_canBeClass` (the standard library's compile-time answer: no,
  /// yes or maybe) folds.
  @inlinable @inline(__always)
  static func mayBeObject<R>(_: R.Type) -> Bool {
    _canBeClass(R.self) != 0
  }

  /// Remembers that `result`, when it is a class instance (typed as its class or held in an
  /// existential), was returned from the operation of `scope`, for `withDependencies(from:)`.
  @usableFromInline
  static func remember<R>(_ result: R, madeIn scope: DependencyNode) {
    // Through `Any`: the type of a generic value of an existential type is the existential's, not
    // that of the instance it holds.
    guard Swift.type(of: result as Any) is AnyClass else { return }
    RememberedScopes.remember(result as AnyObject, madeIn: scope)
  }
}

extension DependencyNode {
  /// The keys set on this node itself, for ``TestValueCheck/checkingUpdate(writes:_:)``.
  var ownIDs: [DependencyID] { ownValues.map(\.id) }
}

/// How a node that owns defaults builds its asynchronous ones (see `AsyncBuildScope`): with that
/// node bound, so that an `AsyncDependencyKey`'s value reads what its synchronous defaults read,
/// whichever task awaits it first.
struct DefaultsAsyncBuilds: AsyncBuildScope {
  /// The node that owns the defaults, held weakly where it owns them; `nil` once it is gone (or
  /// for the store).
  let owner: @Sendable () -> DependencyNode?
  /// The node to build with, held weakly: the one whose read made the asynchronous default;
  /// `nil` for the owner.
  var scope: @Sendable () -> DependencyNode? = { nil }

  func run<Value: Sendable>(_ build: @Sendable () async throws -> Value) async throws -> Value {
    let owner = owner() ?? GlobalStore.node
    return try await Scopes.buildDefault(of: owner, in: scope() ?? owner, build)
  }
}

/// A scope held weakly by a `@Dependency` that a default of the scope made while it was built:
/// the scope owns its defaults, so a strong hold would keep the scope alive through itself.
@usableFromInline
final class WeakScope: Sendable {
  @usableFromInline weak let node: DependencyNode?

  init(_ node: DependencyNode) { self.node = node }
}
