import DepsCore

/// The overrides of one `withDependencies` scope, over those of the scopes around it: a
/// ``DependencyOverlay`` (of `DepsCore`), the values its update wrote, made a scope when the
/// update returned.
///
/// A scope is immutable: the values its update set (a few, found by a linear scan), the aliases
/// it declared, and the scope it was made in. A read in a scope resolves against the scopes; what
/// no scope set is read from the store, through the store's own per-thread cache. A
/// `@Dependency` read is cached per thread under the scope's `serial` only from a thread's second
/// read through the scope on (see `ThreadReadCache.scopeRead(scope:key:as:)`), so a scope read once
/// purges no cache at its end; its values are freed with it, when the last task-local binding,
/// `@Dependency` or `EscapedDependencies` that holds it goes. The store itself is never written,
/// so parallel tasks and tests each see only their own overrides.
///
/// In a test process the outermost scope also builds its own defaults (`testValue`s), which its
/// nested scopes share: a stateful test value, or a default cached on first read, lives as long
/// as the scope, so one test's never leaks into the next. Elsewhere defaults are the store's.
extension DependencyOverlay {
  /// The scope in force for the current task and its child tasks: ``none`` for none.
  ///
  /// A class type rather than an optional: the runtime copies a task-local value (on every
  /// binding and lookup) through its type's value witnesses, which for an `Optional` cost several
  /// times the retain a class's do.
  @TaskLocal private static var binding: DependencyOverlay = none

  /// What ``binding`` holds while no scope is in force: empty values, never made a scope.
  private static let none = DependencyOverlay()

  /// ``$binding``, unretained, without a call to the lazy initializer's check of the `static`
  /// on every use (see `ProcessObject`).
  private static let bindingObject = ProcessObject<TaskLocal<DependencyOverlay>>()

  /// Runs `body` with ``$binding``.
  @inline(__always)
  private static func withBinding<R>(_ body: (TaskLocal<DependencyOverlay>) throws -> R) rethrows -> R {
    try bindingObject.object { $binding }._withUnsafeGuaranteedRef(body)
  }

  /// The scope in force for the current task and its child tasks.
  static var current: DependencyOverlay? {
    // No scope alive: none can be bound (a binding holds its scope); skip the task-local lookup.
    guard mayBeInForce else { return nil }
    let bound = withBinding { $0.get() }
    return bound.isScope ? bound : nil
  }

  /// ``current``, for inlinable code.
  @usableFromInline
  static func inForce() -> DependencyOverlay? { current }

  /// The scope whose defaults the current task is building, if any (see ``scope(of:in:aliases:ownsDefaults:)``).
  @TaskLocal private static var defaultsBeingBuilt: DependencyOverlay?

  /// Builds a default of `scope` with the scope in force, marked as building its defaults: the
  /// `@Dependency` properties the default makes hold the scope weakly (``captureInForce()``).
  /// `asyncBuilds` is how the scope's asynchronous defaults, which the default may make, are built.
  static func buildDefault(
    in scope: DependencyOverlay?, asyncBuilds: DefaultsAsyncBuilds, _ build: () -> AnyValueBox
  ) -> AnyValueBox {
    AsyncBuildScopes.$current.withValue(asyncBuilds) {
      $defaultsBeingBuilt.withValue(scope) { withCurrent(scope, operation: build) }
    }
  }

  /// The asynchronous twin of ``buildDefault(in:asyncBuilds:_:)``: builds an `AsyncDependencyKey`'s
  /// value for `scope` (`nil`: the store) with the scope in force, wherever its first await is.
  static func buildDefault<Value: Sendable>(
    in scope: DependencyOverlay?, _ build: @Sendable () async throws -> Value
  ) async throws -> Value {
    try await $defaultsBeingBuilt.withValue(scope) {
      try await withCurrent(scope, isolation: nil, operation: build)
    }
  }

  /// What a `@Dependency` made now captures: the scope in force, held strongly, or weakly when
  /// it is made by a default that scope (or one it is nested in) is building, which that scope
  /// owns.
  @usableFromInline
  static func captureInForce() -> (strong: DependencyOverlay?, weak: WeakScope?) {
    guard let current else { return (nil, nil) }
    // A scope being built its defaults owns them, and every scope that searches it has defaults
    // (its own, a parent's or a fallback's): a scope with none cannot be such a scope or search
    // one, so the second task-local lookup is skipped (outside test processes, always).
    guard current.hasDefaults else { return (current, nil) }
    guard let building = defaultsBeingBuilt, current.contains(building) else { return (current, nil) }
    return (nil, WeakScope(current))
  }

  /// Runs `operation` with `scope` in force (`nil`: none), for the current task and its child
  /// tasks.
  static func withCurrent<R>(_ scope: DependencyOverlay?, operation: () throws -> R) rethrows -> R {
    try withCurrent(scope ?? none, operation: operation)
  }

  /// Runs `operation` with `scope` in force (``none``: none), for the current task and its child
  /// tasks.
  @usableFromInline
  static func withCurrent<R>(_ scope: DependencyOverlay, operation: () throws -> R) rethrows -> R {
    try withBinding { try $0.withValue(scope, operation: operation) }
  }

  /// Runs the asynchronous `operation` with `scope` in force (`nil`: none), for the current task
  /// and its child tasks.
  @usableFromInline
  static func withCurrent<R>(
    _ scope: DependencyOverlay?, isolation: isolated (any Actor)?, operation: () async throws -> R
  ) async rethrows -> R {
    try await $binding.withValue(scope ?? none, operation: operation, isolation: isolation)
  }

  /// Whether some scope may be in force somewhere. A task-local binding holds its scope, so while
  /// no scope is alive no task or thread can have one in force, and reads skip the task-local
  /// lookup.
  @inlinable @inline(__always)
  static var mayBeInForce: Bool { scopesAliveCount() != 0 }

  /// Whether one scope is alive: asked by a `@Dependency` that holds the scope it captured, which
  /// is then that one scope. No other scope can then be in force for any task (a binding holds
  /// its scope, which counts among those alive from before it is bound until after it is unbound),
  /// so the scope in force is the captured one or none, and a read goes through the captured scope
  /// alone either way (see `ScopedReader.make(current:captured:)`): it skips the task-local lookup.
  /// The captured scope has no parent or fallback, which it would keep alive too.
  @inlinable @inline(__always)
  static var capturedIsTheOnlyScopeAlive: Bool { scopesAliveCount() == 1 }

  /// Makes `written` (what an update wrote; empty values for `nil`) the scope of `aliases` inside
  /// `parent`.
  ///
  /// - Parameters:
  ///   - written: The overrides of the scope.
  ///   - parent: The scope in force around this one, or `nil` for an outermost scope.
  ///   - aliases: The aliases the scope declares, checked against those in force around it (see
  ///     ``declaredAliases(_:in:)``).
  ///   - ownsDefaults: Whether the scope builds its own defaults; by default, an outermost scope
  ///     in a test process does.
  /// - Returns: The scope.
  static func scope(
    of written: DependencyOverlay?, in parent: DependencyOverlay?, aliases: AliasTable? = nil,
    ownsDefaults: Bool? = nil
  ) -> DependencyOverlay {
    let scope = written ?? DependencyOverlay()
    guard ownsDefaults ?? (parent == nil && DependencyContext.isTest) else {
      scope.makeScope(parent: parent, aliases: aliases, defaults: nil)
      return scope
    }
    // The scope's own defaults are built with the scope in force, wherever the first read
    // happens (through an object that captured the scope, after it ended, say). Weakly: the scope
    // owns the defaults. So do the `@Dependency` properties a default makes while it is built
    // (a client that reads another dependency lazily): they hold the scope weakly, or the scope
    // would hold itself through its defaults and never be freed.
    let asyncBuilds = DefaultsAsyncBuilds { [weak scope] in scope }
    let defaults = DefaultValues(scope: { [weak scope] build in
      buildDefault(in: scope, asyncBuilds: asyncBuilds, build)
    })
    let usage = parent == nil && DependencyContext.isTest ? DependencyUsageLedger() : nil
    scope.makeScope(parent: parent, aliases: aliases, defaults: defaults, usage: usage)
    return scope
  }

  /// The scope of a `withDependencies` update: what `update` writes, inside the scope in force.
  ///
  /// The update reads the values in force around the scope. In a test process an outermost scope
  /// owns its defaults, and its update reads those defaults too (see
  /// ``outermostTestScope(updatedBy:)``).
  @usableFromInline
  static func scope(updatedBy update: (inout Dependencies) throws -> Void) rethrows -> DependencyOverlay {
    try TestValueCheck.checkingUpdate(writes: \.writtenIDs) {
      let parent = current
      if parent == nil, DependencyContext.isTest { return try outermostTestScope(updatedBy: update) }
      var dependencies = Dependencies(reader: ScopedReader.reader(in: parent))
      try update(&dependencies)
      let scope = dependencies.takeWritten() ?? DependencyOverlay()
      scope.makeScope(parent: parent, aliases: aliases(declaredBy: scope, in: parent), defaults: nil)
      return scope
    }
  }

  /// The keys this scope's update set, for ``TestValueCheck/checkingUpdate(writes:_:)``.
  private var writtenIDs: [DependencyID] { entries.map(\.id) }

  /// The scope of the update of an outermost `withDependencies` in a test process, which owns its
  /// defaults.
  ///
  /// The update runs with a scope in force that has no values yet and the defaults the scope
  /// will own: what it reads of a dependency it did not set (`$0.client.setCount(42)`, a
  /// `@Dependency`) is the instance the operation reads, not the store's. A default built
  /// during the update is built in that scope, later ones in the scope made.
  private static func outermostTestScope(
    updatedBy update: (inout Dependencies) throws -> Void
  ) rethrows -> DependencyOverlay {
    let outermost = OutermostTestScope()
    var dependencies = Dependencies(reader: outermost.updating)
    try withCurrent(outermost.updating) { try update(&dependencies) }
    return outermost.make(dependencies.takeWritten())
  }

  /// The scope of an asynchronous update, as ``scope(updatedBy:)`` makes a synchronous one's: the
  /// scope of the `.dependencies` test trait, whose update may be `async`.
  static func scope(
    isolation: isolated (any Actor)? = #isolation,
    updatedByAsync update: (inout Dependencies) async throws -> Void
  ) async throws -> DependencyOverlay {
    try await TestValueCheck.checkingUpdate(writes: \.writtenIDs) {
      let parent = current
      guard parent == nil, DependencyContext.isTest else {
        var dependencies = Dependencies(reader: ScopedReader.reader(in: parent))
        try await update(&dependencies)
        let scope = dependencies.takeWritten() ?? DependencyOverlay()
        scope.makeScope(parent: parent, aliases: aliases(declaredBy: scope, in: parent), defaults: nil)
        return scope
      }
      let outermost = OutermostTestScope()
      var dependencies = Dependencies(reader: outermost.updating)
      try await withCurrent(outermost.updating, isolation: isolation) { try await update(&dependencies) }
      return outermost.make(dependencies.takeWritten())
    }
  }

  /// An outermost scope of a test process in the making: the defaults it will own, the scope its
  /// update runs in (with no values yet and those defaults), and what both record of their use.
  private struct OutermostTestScope {
    let owner = DefaultsOwner()
    let defaults: DefaultValues
    let usage = DependencyUsageLedger()
    let updating = DependencyOverlay()

    init() {
      let owner = self.owner
      let asyncBuilds = DefaultsAsyncBuilds { owner.scope }
      defaults = DefaultValues(scope: { build in
        buildDefault(in: owner.scope, asyncBuilds: asyncBuilds, build)
      })
      updating.makeScope(parent: nil, aliases: nil, defaults: defaults, usage: usage)
      owner.updating(in: updating)
    }

    /// The scope of the values the update wrote, which owns the defaults.
    func make(_ written: DependencyOverlay?) -> DependencyOverlay {
      let scope = written ?? DependencyOverlay()
      scope.makeScope(
        parent: nil, aliases: aliases(declaredBy: scope, in: updating), defaults: defaults, usage: usage)
      owner.made(scope)
      return scope
    }
  }

  /// The aliases declared through `written`, the values an update wrote, for the scope they make
  /// inside `parent` (see ``declaredAliases(_:in:)``); `nil` for none. They hold for that scope
  /// (and those nested in it) only.
  private static func aliases(declaredBy written: DependencyOverlay, in parent: DependencyOverlay?)
    -> AliasTable?
  {
    guard written.declaresAliases else { return nil }
    return declaredAliases(written.declaredAliases, in: parent)
  }

  /// Whether a `withDependencies` operation's result of type `R` may be a class instance, whose
  /// scope is remembered for `withDependencies(from:)`: a class, or an existential that may hold
  /// one (`AnyObject`, a class-bound protocol, `Any`).
  ///
  /// Inlined where `withDependencies` is, so that it folds to `false` at compile time where `R` is
  /// known not to be a class. `R.self is AnyClass` does not fold, even for `Void` or `Int`: the
  /// optimizer leaves a call to the runtime (`swift_isClassType`), which every scope would pay;
  /// nor does it hold for an existential. `_canBeClass` (the standard library's compile-time
  /// answer: no, yes or maybe) folds.
  @inlinable @inline(__always)
  static func mayBeObject<R>(_: R.Type) -> Bool {
    _canBeClass(R.self) != 0
  }

  /// Remembers that `result`, when it is a class instance (typed as its class or held in an
  /// existential), was returned from the operation of `scope`, for `withDependencies(from:)`.
  @usableFromInline
  static func remember<R>(_ result: R, madeIn scope: DependencyOverlay) {
    // Through `Any`: the type of a generic value of an existential type is the existential's, not
    // that of the instance it holds.
    guard Swift.type(of: result as Any) is AnyClass else { return }
    RememberedScopes.remember(result as AnyObject, madeIn: scope)
  }

  /// A scope of `writes` inside `parent`, for tests.
  convenience init(parent: DependencyOverlay?, writes: [Entry], ownsDefaults: Bool? = nil) {
    self.init(writes)
    _ = Self.scope(of: self, in: parent, ownsDefaults: ownsDefaults)
  }

  /// This scope as a level of a resolution path, for reads under aliases and for reports.
  var level: DependencyNode.Level {
    DependencyNode.Level(
      ownerName: "withDependencies", values: entries, aliases: aliases ?? AliasTable(),
      defaults: ownsDefaults ? defaults : nil, usage: usage)
  }

  /// The aliases of `builder`, to declare in a scope made inside `parent`: each resolved to its key
  /// and checked against the aliases in force there (the store's and the enclosing scopes'); one
  /// that would close a cycle is refused with a runtime warning. `nil` when `builder` has none.
  static func declaredAliases(_ builder: AliasBuilder, in parent: DependencyOverlay?) -> AliasTable? {
    let levels = parent?.levels() ?? GlobalStore.node.path()
    var inForce = DependencyNode.effectiveAliases(levels)
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
    return declared.isEmpty ? nil : declared
  }
}

/// The scope the defaults of an outermost test scope are built in: the scope, once it is made;
/// before (during its update), or should it be gone, the scope its update ran in. Weakly: the
/// scopes own the defaults.
private final class DefaultsOwner: Sendable {
  private struct Scopes {
    weak var made: DependencyOverlay?
    weak var updating: DependencyOverlay?
  }

  private let scopes = Locked(Scopes())

  /// The scope to build a default in.
  var scope: DependencyOverlay? { scopes.withLock { $0.made ?? $0.updating } }

  /// Records the scope the update runs in.
  func updating(in scope: DependencyOverlay) { scopes.withLock { $0.updating = scope } }

  /// Records the scope made.
  func made(_ scope: DependencyOverlay) { scopes.withLock { $0.made = scope } }
}

/// How a store builds its asynchronous defaults (see `AsyncBuildScope`): with `scope()` in force,
/// the scope the store's synchronous defaults are built in (`nil`: none, for the process-wide
/// store), so that an `AsyncDependencyKey`'s value reads what the store's defaults read, whichever
/// task awaits it first.
struct DefaultsAsyncBuilds: AsyncBuildScope {
  /// The scope, held weakly where it owns the defaults; `nil` once it is gone.
  let scope: @Sendable () -> DependencyOverlay?

  func run<Value: Sendable>(_ build: @Sendable () async throws -> Value) async throws -> Value {
    try await DependencyOverlay.buildDefault(in: scope(), build)
  }
}

/// Reads through a scope alone: what `Dependencies` reads through in the scope's update and in a
/// getter run for a read in the scope (a class, which an existential copies with one retain).
extension DependencyOverlay: DependencyReader {
  package func read<Key: DependencyKey>(_ key: Key.Type) -> Key.Value {
    ScopedReader(inner: self, outer: nil).read(key)
  }

  package func setValue(for id: ObjectIdentifier) -> SetValue? {
    if case .set(let found) = ScopedReader.find(id, inner: self, outer: nil) { return found }
    return nil
  }

  /// This scope and those around it, nearest first, then the store, as a resolution path.
  func levels() -> [DependencyNode.Level] {
    ScopedReader(inner: self, outer: nil).levels()
  }
}

/// A scope held weakly by a `@Dependency` that a default of the scope made while it was built:
/// the scope owns its defaults, so a strong hold would keep the scope alive through itself.
@usableFromInline
final class WeakScope: Sendable {
  @usableFromInline weak let scope: DependencyOverlay?

  init(_ scope: DependencyOverlay) { self.scope = scope }
}
