import DepsCore

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

  /// The value the thread's cache holds for a read of the store through `access`, when no scope
  /// is alive (so none is in force) and the store is made; `nil` otherwise, for
  /// ``read(_:captured:)``, which reads the store on a miss (and makes it on its first read).
  ///
  /// Inlinable and small, calling nothing but on the cache's rare paths: what a `@Dependency` that
  /// captured no scope inlines where it is read. The store's node is unretained: it lives for the
  /// whole process, and retaining it would make threads reading at once contend on its reference
  /// count.
  @inlinable @inline(__always)
  static func cachedStoreValue<Value>(_ access: DependencyAccessHandle<Value>) -> Value? {
    guard !DependencyOverlay.mayBeInForce, let store = ReadPathWords.globalStore else {
      return nil
    }
    return ThreadReadCache.cachedValue(
      scope: store._withUnsafeGuaranteedRef { $0.serial }, key: access.cacheKey, as: Value.self)
  }

  /// Reads a `@Dependency` that holds the scope it captured weakly (one a default of that scope
  /// made), as ``read(_:captured:)`` reads one that holds it strongly.
  @inlinable @inline(never)
  static func read<Value>(_ access: DependencyAccessHandle<Value>, capturedWeakly: WeakScope) -> Value {
    read(access, captured: capturedWeakly.scope)
  }

  /// Reads a `@Dependency` that captured `captured` when a scope may apply: through the scope in
  /// force and the captured one, else the store.
  ///
  /// Inlinable, so that it is specialized for the value type where it is used, and never inlined,
  /// so that the store's read, inlined around it, stays small.
  @inlinable @inline(never)
  static func read<Value>(_ access: DependencyAccessHandle<Value>, captured: DependencyOverlay?) -> Value {
    if let captured, DependencyOverlay.capturedIsTheOnlyScopeAlive {
      // No other scope can be in force, so the captured one is, or none is; either way the read
      // goes through the captured scope alone, as below, without the task-local lookup.
      return read(access, in: captured)
    }
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
    return read(access, in: current)
  }

  /// Reads through `current` alone: the scope in force, or the captured one when no other scope
  /// can be in force.
  @inlinable @inline(__always)
  static func read<Value>(_ access: DependencyAccessHandle<Value>, in current: consuming DependencyOverlay)
    -> Value
  {
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
  ///
  /// Inlinable, so that it is specialized for the value type: unspecialized, every read asked the
  /// runtime for `Optional<Value>`'s metadata (801 instructions a read while a scope is alive,
  /// 383 specialized; the row `read-while-scope-alive` of Benchmarks/instruction-budgets.json).
  @inlinable
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
  enum Found {
    /// Set in a scope, under the key read itself; unretained.
    case set(SetValue)
    /// Nowhere in the scopes: the store's value or default.
    case store
    /// Set nowhere: the default these defaults build.
    case scopeDefault(DefaultValues)
    /// Aliases are in force, a store value may win over a scope's default, or the scopes record
    /// their usage: resolve along the scopes' and the store's levels.
    case alongLevels
  }

  @inline(__always)
  static func find(
    _ id: ObjectIdentifier, inner: DependencyOverlay, outer: DependencyOverlay?
  ) -> Found {
    // Aliases, or a scope that records its usage (in a test process), resolve along the levels.
    guard !inner.resolvesAlongLevels, outer?.resolvesAlongLevels != true else { return .alongLevels }
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
