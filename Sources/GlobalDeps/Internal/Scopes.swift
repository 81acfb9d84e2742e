import DepsCore

/// `GlobalDeps`' scopes of values: each a ``DependencyNode`` (of `DepsCore`), read as any node is.
///
/// A `withDependencies` scope is a node holding what its update wrote, under the scope in force
/// where it was made. The scope in force is the one bound in ``binding``, else the running test's
/// node (``TestScopes``), else the store's (``GlobalStore``). A `@Dependency` reads through the
/// scope bound where it is read, then the one it captured (``node(bound:captured:)``).
@usableFromInline
enum Scopes {
  /// The scope bound for the current task; ``unbound`` for none. A class, not an optional: the
  /// runtime copies task-local values through their value witnesses, which for an `Optional` cost
  /// several times a class's retain.
  @TaskLocal private static var binding: DependencyNode = unbound

  private static let unbound = DependencyNode(ownerName: "no scope")

  /// Whether some scope may be in force (always, in a test process): while no scope is alive, reads
  /// skip the task-local lookup.
  @inlinable @inline(__always)
  static var mayBeInForce: Bool { ReadPathWords.scopesAlive != 0 }

  static var bound: DependencyNode? {
    guard mayBeInForce else { return nil }
    let node = $binding.get()
    return node === unbound ? nil : node
  }

  static var inForce: DependencyNode {
    bound ?? TestScopes.current() ?? GlobalStore.node
  }

  /// The node a read goes through: the scope `bound` for the task (it wins), then the one
  /// `captured` where the reader was made; with none bound, the captured one, else the test's or the
  /// store. A captured scope the bound one does not search is added through a node made for the read.
  static func node(bound: DependencyNode?, captured: DependencyNode?) -> DependencyNode {
    // A running test's node or the store bound (`EscapedDependencies.yield` outside any scope)
    // sets nothing over what a captured scope reads.
    guard let bound, !isBase(bound) else {
      return captured ?? bound ?? TestScopes.current() ?? GlobalStore.node
    }
    guard let captured, captured !== bound, !bound.searches(captured) else { return bound }
    return DependencyNode(scopeOf: [], aliases: AliasTable(), parent: bound, fallback: captured)
  }

  static func isBase(_ node: DependencyNode) -> Bool {
    node.ownsDefaults || node === GlobalStore.node
  }

  /// ``bound`` unless it is a running test's node or the store.
  static var boundScope: DependencyNode? {
    bound.flatMap { isBase($0) ? nil : $0 }
  }

  /// Inlinable, to be specialized for the value type where used; never inlined, so that the
  /// store's read, inlined around it, stays small.
  @inlinable @inline(never)
  static func read<Value>(_ access: DependencyAccessHandle<Value>, captured: DependencyNode?) -> Value {
    access.read(at: node(captured: captured))
  }

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

  /// The thread's cached value of the store's read through `access` while no scope is alive; `nil`
  /// otherwise. What a `@Dependency` that captured no scope inlines. The store's node is unretained:
  /// it lives for the process, and retaining it would make concurrent readers contend on its count.
  @inlinable @inline(__always)
  static func cachedStoreValue<Value>(_ access: DependencyAccessHandle<Value>) -> Value? {
    guard !mayBeInForce, let store = ReadPathWords.globalStore else { return nil }
    return ThreadReadCache.cachedValue(
      scope: store._withUnsafeGuaranteedRef { $0.serial }, key: access.cacheKey, as: Value.self)
  }

  // MARK: Capturing

  @TaskLocal private static var defaultsBeingBuilt: DependencyNode?

  /// The scope in force (`nil`: the store), held weakly when a default that scope owns is being
  /// built: a strong hold would keep the scope alive through itself.
  @usableFromInline
  static func captureInForce() -> (strong: DependencyNode?, weak: WeakScope?) {
    // In a test process the running test's node may be made by this very capture.
    guard mayBeInForce || DependencyContext.isTest else { return (nil, nil) }
    guard let node = bound ?? TestScopes.current() else { return (nil, nil) }
    // Only a running test's node builds defaults of its own, in a test process.
    guard DependencyContext.isTest, let building = defaultsBeingBuilt, node.searches(building) else {
      return (node, nil)
    }
    return (nil, WeakScope(node))
  }

  // MARK: Binding

  @usableFromInline
  static func withCurrent<R>(_ node: DependencyNode, operation: () throws -> R) rethrows -> R {
    try $binding.withValue(node, operation: operation)
  }

  @usableFromInline
  static func withCurrent<R>(
    _ node: DependencyNode, isolation: isolated (any Actor)?, operation: () async throws -> R
  ) async rethrows -> R {
    try await $binding.withValue(node, operation: operation, isolation: isolation)
  }

  /// Builds a default of `owner` (a running test's node, or the store) with `scope` bound, marked as
  /// building `owner`'s defaults (see ``captureInForce()``).
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

  static func buildDefault<Value: Sendable>(
    of owner: DependencyNode, in scope: DependencyNode, _ build: @Sendable () async throws -> Value
  ) async throws -> Value {
    try await $defaultsBeingBuilt.withValue(owner === GlobalStore.node ? nil : owner) {
      try await withCurrent(scope, isolation: nil, operation: build)
    }
  }

  // MARK: Making scopes

  @usableFromInline
  static func scope(updatedBy update: (inout Dependencies) throws -> Void) rethrows -> DependencyNode {
    try TestValueCheck.checkingUpdate(writes: \.ownIDs) {
      let parent = inForce
      var dependencies = Dependencies(reader: parent)
      try update(&dependencies)
      return scope(of: dependencies, in: parent)
    }
  }

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

  private static func scope(of dependencies: Dependencies, in parent: DependencyNode) -> DependencyNode {
    DependencyNode(
      scopeOf: dependencies.writes, aliases: declaredAliases(dependencies.aliases, in: parent),
      parent: parent)
  }

  /// The aliases of `builder`, resolved to keys and checked against those in force in `parent`; one
  /// that would close a cycle is refused with a runtime warning.
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

  /// An outermost async `withDependencies` in a test; at its end it shuts down and forgets what
  /// it built, so the test's later reads never get a value that was shut down. Outermost scopes
  /// of one test that overlap (in child tasks) end together: the last to end shuts down what was
  /// first read since the first began, so that none closes a value another still reads.
  @usableFromInline
  struct OutermostTestScope: Sendable {
    let node: DependencyNode

    @usableFromInline
    func end() async {
      let id = ObjectIdentifier(node)
      let mark = openScopes.withLock { open -> UInt64? in
        guard let scopes = open[id] else { return nil }
        guard scopes.count == 1 else {
          open[id] = (scopes.count - 1, scopes.mark)
          return nil
        }
        open[id] = nil
        return scopes.mark
      }
      guard let mark else { return }
      await node.shutDownAndForget(builtAfter: mark, timeout: .seconds(10))
    }
  }

  /// The outermost async scopes open in each running test's node, and where the first began.
  private static let openScopes = Locked<[ObjectIdentifier: (count: Int, mark: UInt64)]>([:])

  @usableFromInline
  static func outermostTestScope() -> OutermostTestScope? {
    guard DependencyContext.isTest, boundScope == nil, let test = bound ?? TestScopes.current(),
      test.ownsDefaults
    else { return nil }
    let mark = BuildOrder.next()
    openScopes.withLock { open in
      let id = ObjectIdentifier(test)
      open[id] = open[id].map { ($0.count + 1, $0.mark) } ?? (1, mark)
    }
    return OutermostTestScope(node: test)
  }

  // MARK: Remembering

  /// Whether a result of type `R` may be a class instance whose scope is remembered. Inlined so it
  /// folds to `false` where `R` is known not to be a class: `R.self is AnyClass` leaves a runtime
  /// call even for `Void` and misses existentials; `_canBeClass` folds.
  @inlinable @inline(__always)
  static func mayBeObject<R>(_: R.Type) -> Bool {
    _canBeClass(R.self) != 0
  }

  @usableFromInline
  static func remember<R>(_ result: R, madeIn scope: DependencyNode) {
    // Through `Any`: the type of a generic value of an existential type is the existential's, not
    // that of the instance it holds.
    guard Swift.type(of: result as Any) is AnyClass else { return }
    RememberedScopes.remember(result as AnyObject, madeIn: scope)
  }
}

extension DependencyNode {
  var ownIDs: [DependencyID] { ownValues.map(\.id) }
}

/// Builds a node's asynchronous defaults with that node bound, so that an `AsyncDependencyKey`'s
/// value reads what its synchronous defaults read, whichever task awaits it first.
struct DefaultsAsyncBuilds: AsyncBuildScope {
  /// The owner of the defaults, held weakly; `nil` once gone, or for the store.
  let owner: @Sendable () -> DependencyNode?
  /// The node whose read made the asynchronous default, held weakly; `nil` for the owner.
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
