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
  static func buildDefault(
    in scope: DependencyOverlay?, _ build: () -> AnyValueBox
  ) -> AnyValueBox {
    $defaultsBeingBuilt.withValue(scope) { withCurrent(scope, operation: build) }
  }

  /// What a `@Dependency` made now captures: the scope in force, held strongly, or weakly when
  /// it is made by a default that scope (or one it is nested in) is building, which that scope
  /// owns.
  @usableFromInline
  static func captureInForce() -> (strong: DependencyOverlay?, weak: WeakScope?) {
    guard let current else { return (nil, nil) }
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
  @inline(__always)
  static var mayBeInForce: Bool { scopesAlive.load() != 0 }

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
    guard ownsDefaults ?? (parent == nil && isTestProcess) else {
      scope.makeScope(parent: parent, aliases: aliases, defaults: nil)
      return scope
    }
    // The scope's own defaults are built with the scope in force, wherever the first read
    // happens (through an object that captured the scope, after it ended, say). Weakly: the scope
    // owns the defaults. So do the `@Dependency` properties a default makes while it is built
    // (a client that reads another dependency lazily): they hold the scope weakly, or the scope
    // would hold itself through its defaults and never be freed.
    let defaults = DefaultValues(scope: { [weak scope] build in buildDefault(in: scope, build) })
    scope.makeScope(parent: parent, aliases: aliases, defaults: defaults)
    return scope
  }

  /// Whether this process runs tests, where an outermost scope builds its own defaults.
  private static var isTestProcess: Bool {
    switch processRunsTests.load() {
    case 2: return true
    case 1: return false
    default:
      let runsTests = DependencyContext.current == .test
      processRunsTests.store(runsTests ? 2 : 1)
      return runsTests
    }
  }

  /// 0 until ``isTestProcess`` is first asked, then 1 (no) or 2 (yes). A constant-initialized
  /// word rather than a `static let` `Bool`, each read of which calls its lazy initializer
  /// (`swift_once`): an outermost scope asks on every call.
  private static let processRunsTests = AtomicWord()

  /// The scope of a `withDependencies` update: what `update` writes, inside the scope in force.
  ///
  /// The update reads the values in force around the scope. In a test process an outermost scope
  /// owns its defaults, and its update reads those defaults too (see
  /// ``outermostTestScope(updatedBy:)``).
  @usableFromInline
  static func scope(updatedBy update: (inout Dependencies) throws -> Void) rethrows -> DependencyOverlay {
    let parent = current
    if parent == nil, isTestProcess { return try outermostTestScope(updatedBy: update) }
    var dependencies = Dependencies(reader: ScopedReader.reader(in: parent))
    try update(&dependencies)
    let scope = dependencies.takeWritten() ?? DependencyOverlay()
    scope.makeScope(parent: parent, aliases: aliases(declaredBy: scope, in: parent), defaults: nil)
    return scope
  }

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
    let owner = DefaultsOwner()
    let defaults = DefaultValues(scope: { build in buildDefault(in: owner.scope, build) })
    let updating = DependencyOverlay()
    updating.makeScope(parent: nil, aliases: nil, defaults: defaults)
    owner.updating(in: updating)
    var dependencies = Dependencies(reader: updating)
    try withCurrent(updating) { try update(&dependencies) }
    let scope = dependencies.takeWritten() ?? DependencyOverlay()
    scope.makeScope(parent: nil, aliases: aliases(declaredBy: scope, in: updating), defaults: defaults)
    owner.made(scope)
    return scope
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

  /// Whether a `withDependencies` operation's result of type `R` is a class instance, whose scope
  /// is remembered for `withDependencies(from:)`.
  ///
  /// Inlined where `withDependencies` is, so that it folds to `false` at compile time where `R` is
  /// known not to be a class. `R.self is AnyClass` alone does not fold, even for `Void` or `Int`:
  /// the optimizer leaves a call to the runtime (`swift_isClassType`), which every scope would pay.
  /// `_canBeClass` (the standard library's compile-time answer: no, yes or maybe) folds.
  @inlinable @inline(__always)
  static func mayBeObject<R>(_: R.Type) -> Bool {
    _canBeClass(R.self) != 0 && R.self is AnyClass
  }

  /// Remembers that `object` was returned from the operation of `scope`, for
  /// `withDependencies(from:)`.
  @usableFromInline
  static func remember(_ object: AnyObject, madeIn scope: DependencyOverlay) {
    RememberedScopes.remember(object, madeIn: scope)
  }

  /// A scope of `writes` inside `parent`, for tests.
  convenience init(parent: DependencyOverlay?, writes: [Entry], ownsDefaults: Bool? = nil) {
    self.init(writes)
    _ = Self.scope(of: self, in: parent, ownsDefaults: ownsDefaults)
  }

  /// The value that this scope, or the nearest scope a read in it searches (those around it, then
  /// a fallback's), set for the key `id`; unretained, valid while this scope is.
  @inline(__always)
  func value(for id: ObjectIdentifier) -> SetValue? {
    searchedValue(for: id)
  }

  /// Whether `other` is this scope or one a read in it searches: then a read through this scope
  /// alone finds what a read through this one and then `other` would.
  func contains(_ other: DependencyOverlay) -> Bool {
    searches(other)
  }

  /// This scope as a level of a resolution path, for reads under aliases and for reports.
  var level: DependencyNode.Level {
    DependencyNode.Level(
      ownerName: "withDependencies", values: entries, aliases: aliases ?? AliasTable(),
      defaults: ownsDefaults ? defaults : nil)
  }

  /// The aliases of `builder`, to declare in a scope made inside `parent`: each resolved to its key
  /// and checked against the aliases in force there (the store's and the enclosing scopes'); one
  /// that would close a cycle is refused with a runtime warning. `nil` when `builder` has none.
  static func declaredAliases(_ builder: AliasBuilder, in parent: DependencyOverlay?) -> AliasTable? {
    let reader = ScopedReader.reader(in: parent)
    let levels = parent?.levels() ?? GlobalStore.node.path()
    var inForce = DependencyNode.effectiveAliases(levels)
    var declared = AliasTable()
    for pair in builder.pairs {
      guard
        let alias = KeyPathResolution.id(for: pair.alias.keyPath, reader: reader),
        let reference = KeyPathResolution.id(for: pair.reference.keyPath, reader: reader)
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

/// Reads through the `withDependencies` scopes that apply: the scope in force at read time and
/// those around it, then the scope a `@Dependency` was made in and those around it (for one used
/// later, outside that scope), then the store.
///
/// A value set in a scope is found by a scan of the scopes' few values, and what no scope set is
/// read from the store, through its per-thread cache.
@usableFromInline
struct ScopedReader: Sendable {
  /// The nearest scope: the one in force, else the captured one.
  @usableFromInline let inner: DependencyOverlay
  /// The captured scope, when a scope is in force and the captured one is neither it nor one
  /// around it.
  @usableFromInline let outer: DependencyOverlay?

  /// What the per-thread caches store `@Dependency` reads through this reader under: the scope's
  /// serial; `nil` when two scopes apply (their pair has no serial), and reads are not cached.
  @inlinable
  var cacheScope: UInt64? { outer == nil ? inner.serial : nil }

  init(inner: DependencyOverlay, outer: DependencyOverlay?) {
    self.inner = inner
    self.outer = outer
  }

  /// The reader for `current` (the scope in force) over `captured`, or `nil` when neither is a
  /// scope and reads go to the store.
  @usableFromInline
  static func make(current: DependencyOverlay?, captured: DependencyOverlay?) -> ScopedReader? {
    guard let current else { return captured.map { ScopedReader(inner: $0, outer: nil) } }
    guard let captured, !current.contains(captured) else {
      return ScopedReader(inner: current, outer: nil)
    }
    return ScopedReader(inner: current, outer: captured)
  }

  /// The store's node, when a `@Dependency` that captured `captured` reads the store for certain:
  /// it captured no scope, and no scope is alive anywhere. `nil` when a scope may apply.
  ///
  /// Unretained: the store's node is a `static let`, alive for the whole process.
  @usableFromInline
  static func unscopedStore(captured: DependencyOverlay?) -> Unmanaged<DependencyNode>? {
    captured == nil && !DependencyOverlay.mayBeInForce ? GlobalStore.unretainedNode : nil
  }

  /// Reads a `@Dependency` that captured `captured` when a scope may apply: through the scope in
  /// force and the captured one, else the store.
  ///
  /// Inlinable, so that it is specialized for the value type where it is used, and never inlined,
  /// so that the store's read, inlined around it, stays small.
  @inlinable @inline(never)
  static func read<Value>(_ access: DependencyAccessHandle<Value>, captured: DependencyOverlay?) -> Value {
    let inForce = DependencyOverlay.inForce()
    guard captured == nil || captured === inForce else {
      // Two scopes (rare): the captured one is not in force.
      guard let scoped = make(current: inForce, captured: captured) else { return unscopedRead(access) }
      guard let scope = scoped.cacheScope else { return scoped.readMissing(access, cache: false) }
      return read(access, scope: scope) { scoped.readMissing(access, cache: $0) }
    }
    // One scope, or none. The reference to the scope that the task-local read returned is moved,
    // not copied: into `current`, then into the `Dependencies` a getter reads.
    guard let current = consume inForce else { return unscopedRead(access) }
    switch ThreadReadCache.scopeRead(scope: current.serial, key: access.cacheKey, as: Value.self) {
    case .cached(let value):
      return value
    case .missed(let cache):
      guard !cache, access.hasGetter else { return readMissing(access, in: current, cache: cache) }
      // A read not to cache, of a key path with a getter (most of a one-off scope's): the getter
      // right here, specialized for the value.
      var dependencies = dependencies(readingThrough: consume current)
      return access.get(&dependencies)
    }
  }

  /// Reads through the scope whose serial is `scope`: what the thread cached, or else `missing`,
  /// told whether to cache what it reads.
  @inlinable @inline(__always)
  static func read<Value>(
    _ access: DependencyAccessHandle<Value>, scope: UInt64, missing: (_ cache: Bool) -> Value
  ) -> Value {
    switch ThreadReadCache.scopeRead(scope: scope, key: access.cacheKey, as: Value.self) {
    case .cached(let value): value
    case .missed(let cache): missing(cache)
    }
  }

  /// `Dependencies` that read through `scope` alone, which they take.
  @usableFromInline
  static func dependencies(readingThrough scope: consuming DependencyOverlay) -> Dependencies {
    Dependencies(reader: scope)
  }

  /// Reads the store for a `@Dependency` in no scope, while scopes are alive elsewhere.
  @usableFromInline
  static func unscopedRead<Value>(_ access: DependencyAccessHandle<Value>) -> Value {
    GlobalStore.unretainedNode._withUnsafeGuaranteedRef { access.read(at: $0) }
  }

  /// What reads inside `scope` (or the store, for `nil`) go through.
  static func reader(in scope: DependencyOverlay?) -> any DependencyReader {
    scope ?? GlobalStore.unretainedNode.takeUnretainedValue()
  }

  // MARK: Reading

  /// Reads a `@Dependency`'s dependency that the thread's cache does not hold, and caches it when
  /// `cache` (the thread read through this scope before: a loop, not a one-off scope).
  @usableFromInline
  func readMissing<Value>(_ access: DependencyAccessHandle<Value>, cache: Bool) -> Value {
    guard let outer else { return Self.readMissing(access, in: inner, cache: cache) }
    // Two scopes have no serial to cache under.
    return access.read(through: ScopePairReader(scopes: ScopedReader(inner: inner, outer: outer)))
  }

  /// Reads a `@Dependency`'s dependency through `scope` alone (the overlay is its own reader),
  /// and caches it when `cache`.
  @usableFromInline
  static func readMissing<Value>(
    _ access: DependencyAccessHandle<Value>, in scope: DependencyOverlay, cache: Bool
  ) -> Value {
    guard cache else { return access.read(through: scope) }
    // Loaded before the scopes and the store are read, so a write racing the read keeps it out of
    // the cache.
    let generation = DependencyGeneration.current
    // A key path that reaches past its dependency (`\.date.now`) runs on every read.
    let (value, cacheable) = access.readCacheable(through: scope)
    guard cacheable else { return value }
    scope.willCache()
    // No owner: the interned access keeps a key path, whose address is the cache key, alive.
    ThreadReadCache.store(
      ValueBox(value), scope: scope.serial, key: access.cacheKey, owner: nil, generation: generation)
    return value
  }

  func read<Key: DependencyKey>(_ key: Key.Type) -> Key.Value {
    switch Self.find(ObjectIdentifier(key), inner: inner, outer: outer) {
    case .set(let found):
      // Unretained, and valid: `inner` and `outer`, held here, hold it.
      return withExtendedLifetime(self) { found.value(as: Key.Value.self) }
    case .store:
      return GlobalStore.node.read(key)
    case .scopeDefault(let defaults):
      return Self.value(of: defaults.value(for: DependencyID(key)), as: key)
    case .alongLevels:
      return DependencyNode.typedBox(for: key, along: levels()).value
    }
  }

  /// The value a read of the key `id` returns when a scope set it under that very key, with no
  /// alias in force (see `DependencyReader.setValue(for:)`); unretained, valid while the scopes
  /// are.
  func setValue(for id: ObjectIdentifier) -> SetValue? {
    if case .set(let found) = Self.find(id, inner: inner, outer: outer) { return found }
    return nil
  }

  /// Where a read finds its value.
  fileprivate enum Found {
    /// Set in a scope, under the key read itself; unretained.
    case set(SetValue)
    /// Nowhere in the scopes: the store's value or default.
    case store
    /// Set nowhere: the default these defaults build.
    case scopeDefault(DefaultValues)
    /// Aliases are in force, or a store value may win over a scope's default: resolve along the
    /// scopes' and the store's levels.
    case alongLevels
  }

  @inline(__always)
  fileprivate static func find(
    _ id: ObjectIdentifier, inner: DependencyOverlay, outer: DependencyOverlay?
  ) -> Found {
    guard !inner.chainDeclaresAliases, outer?.chainDeclaresAliases != true else { return .alongLevels }
    let store = GlobalStore.holdsValuesAndAliases
    // A store alias may join `id` to a key a scope set.
    guard !store.aliases else { return .alongLevels }
    if let found = inner.value(for: id) ?? outer?.value(for: id) { return .set(found) }
    guard let defaults = inner.defaults ?? outer?.defaults else { return .store }
    // A value set in the store wins over a scope's default.
    return store.values ? .alongLevels : .scopeDefault(defaults)
  }

  /// The value in `box`, which was set under `key` or built as its default.
  @inline(__always)
  private static func value<Key: DependencyKey>(of box: AnyValueBox, as key: Key.Type) -> Key.Value {
    // A box set under a key holds the key's value: `Dependencies`' subscript boxes a `Key.Value`,
    // and `DependencyID.makeDefault` builds one.
    assert(box is ValueBox<Key.Value>, "Deps: \(Key.self) holds a \(type(of: box)).")
    return unsafeDowncast(box, to: ValueBox<Key.Value>.self).value
  }

  /// The scopes, nearest first, then the store, as a resolution path.
  func levels() -> [DependencyNode.Level] {
    var scopes: [DependencyOverlay] = []
    for chain in [inner, outer] {
      for scope in chain?.searched ?? [] where !scopes.contains(where: { $0 === scope }) {
        scopes.append(scope)
      }
    }
    return scopes.map(\.level) + GlobalStore.node.path()
  }
}

/// Reads through a scope in force and a `@Dependency`'s captured scope that is not around it: a
/// class, as `Dependencies`' readers are; made for each such read, which is rare.
private final class ScopePairReader: DependencyReader {
  let scopes: ScopedReader

  init(scopes: ScopedReader) { self.scopes = scopes }

  func read<Key: DependencyKey>(_ key: Key.Type) -> Key.Value { scopes.read(key) }

  func setValue(for id: ObjectIdentifier) -> SetValue? { scopes.setValue(for: id) }
}

/// A scope held weakly by a `@Dependency` that a default of the scope made while it was built:
/// the scope owns its defaults, so a strong hold would keep the scope alive through itself.
@usableFromInline
final class WeakScope: Sendable {
  @usableFromInline weak let scope: DependencyOverlay?

  init(_ scope: DependencyOverlay) { self.scope = scope }
}
