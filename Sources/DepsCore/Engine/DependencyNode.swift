/// One scope of dependency values: a node of a ``ComposableEnvironment`` tree, or the process-wide
/// store of `GlobalDeps`.
///
/// A node holds the values and aliases set on it and a strong reference to its parent node. A
/// read resolves against the node's path to the root: within a group of aliased dependencies,
/// the nearest node that set any member wins, and within one node the latest write wins; with no
/// value set anywhere, the lazily built default of the nearest node that owns defaults (the root,
/// unless a node on the way was made with `ownsDefaults`). Resolved reads are cached per thread, so
/// a read costs the same at any depth; any write invalidates those caches.
@usableFromInline
package final class DependencyNode: DependencyReader {
  /// Identifies the node for the read caches; never reused, unlike an object address.
  @usableFromInline package let serial: UInt64

  /// The type that owns the node, for reports (`AppEnvironment`, `GlobalDeps`).
  package let ownerName: String

  /// Whether this node builds its own defaults instead of using its ancestors'.
  ///
  /// Reads below such a node that nobody overrode resolve to defaults built and cached here, so
  /// that a scope (a test's outermost `withDependencies`) gets fresh `testValue`s and drops them
  /// with the node. Only reads that miss the per-thread cache look at it.
  let ownsDefaults: Bool

  /// Runs the defaults this node builds; see ``DefaultValues/Scope``.
  private let defaultsScope: DefaultValues.Scope?

  private let state: Locked<State>

  private struct State {
    var parent: DependencyNode?
    var values: [ObjectIdentifier: Entry] = [:]
    var aliases = AliasTable()
    var defaults: DefaultValues?
    /// Whether some thread's read cache may hold an entry for this node, to purge at `deinit`.
    var isCached = false
    /// What was read through this node and its descendants and set on them, in a test process;
    /// made on first use (see ``usageLedger()``).
    var usage: DependencyUsageLedger?
  }

  /// Creates a node under `parent` holding `values`.
  ///
  /// A new node has nothing cached anywhere, so setting its first values invalidates no reads.
  ///
  /// - Parameters:
  ///   - ownerName: The type that owns the node, for reports.
  ///   - parent: The node this one inherits values, aliases and (unless `ownsDefaults`) defaults from.
  ///   - values: The values set on the node from the start.
  ///   - ownsDefaults: Whether the node and its descendants build their own defaults, once each,
  ///     instead of sharing those of the nearest ancestor that owns defaults, or of the root.
  ///   - defaultsScope: Runs each default this node builds (when it owns defaults, or is the
  ///     root), so that the default runs with the scope it is cached for in force.
  package init(
    ownerName: String, parent: DependencyNode? = nil, values: some Sequence<Entry> = [],
    ownsDefaults: Bool = false, defaultsScope: DefaultValues.Scope? = nil
  ) {
    self.serial = ThreadReadCache.newScope()
    self.ownerName = ownerName
    self.defaultsScope = defaultsScope
    self.ownsDefaults = ownsDefaults
    var state = State(parent: parent)
    for entry in values { state.values[entry.id.rawValue] = entry }
    self.state = Locked(state)
  }

  deinit {
    // Reads of this node can no longer happen; what threads cached for it must not outlive it.
    if state.withLock(\.isCached) { ThreadReadCache.purge(scope: serial) }
  }

  /// Whether any thread has read through this node yet.
  package var hasBeenRead: Bool { state.withLock(\.isCached) }

  // MARK: Reading

  /// The value of `key` at this node.
  ///
  /// A hit in the thread's cache takes no node lock and retains nothing; see ``ThreadReadCache``.
  @inline(__always)
  package func read<Key: DependencyKey>(_ key: Key.Type) -> Key.Value {
    let cacheKey = UInt(bitPattern: ObjectIdentifier(key))
    if let value = ThreadReadCache.cachedValue(scope: serial, key: cacheKey, as: Key.Value.self) {
      return value
    }
    return readMissing(key)
  }

  @inline(never)
  private func readMissing<Key: DependencyKey>(_ key: Key.Type) -> Key.Value {
    // Cached under the generation the path was copied at: a write since keeps it out of the cache.
    let (path, generation) = snapshot()
    let box = Self.typedBox(for: key, along: path)
    cache(box, key: UInt(bitPattern: ObjectIdentifier(key)), owner: nil, generation: generation)
    return box.value
  }

  /// The value of the `Dependencies` property at `keyPath` at this node.
  ///
  /// The getter runs on a thread's first read; its result, and only it, is cached for that thread
  /// like a key's value (the keys the getter reads are not), so a read through a key path costs
  /// what a read by key costs. Only the result of a key path that reads one key and returns a
  /// value of that key's type (`\.apiClient`: `get { self[APIClientKey.self] }`) is cached: a key
  /// path that reaches past the dependency (`\.date.now`, whose getter calls the generator) runs
  /// on every read, as a property of the value would.
  @inline(__always)
  package func value<Value>(_ keyPath: KeyPath<Dependencies, Value>) -> Value {
    let cacheKey = UInt(bitPattern: ObjectIdentifier(keyPath))
    if let value = ThreadReadCache.cachedValue(scope: serial, key: cacheKey, as: Value.self) {
      return value
    }
    return valueMissing(keyPath)
  }

  @inline(never)
  private func valueMissing<Value>(_ keyPath: KeyPath<Dependencies, Value>) -> Value {
    // Loaded before the nodes are read, so a write racing the read keeps it out of the cache.
    let generation = DependencyGeneration.current
    let recorder = KeyRecorder(reading: UncachedReader(node: self))
    let value = Dependencies(reader: recorder)[keyPath: keyPath]
    // A getter that reads one key and returns its value is a function of that value, which only a
    // write changes; anything else (`\.date.now` calls the generator) must run on every read.
    guard recorder.readOneKey(ofValueType: Value.self) else { return value }
    // The cache keeps the key path alive, so its address names it while the entry lives.
    cache(
      ValueBox(value), key: UInt(bitPattern: ObjectIdentifier(keyPath)), owner: keyPath,
      generation: generation)
    return value
  }

  private func cache(_ box: AnyValueBox, key: UInt, owner: AnyObject?, generation: UInt64) {
    state.withLock { $0.isCached = true }
    ThreadReadCache.store(box, scope: serial, key: key, owner: owner, generation: generation)
  }

  /// Reads keys without caching them, for a getter whose result is cached instead.
  private final class UncachedReader: DependencyReader {
    let node: DependencyNode

    init(node: DependencyNode) { self.node = node }

    func read<Key: DependencyKey>(_ key: Key.Type) -> Key.Value { node.typedBox(for: key).value }
  }

  private func typedBox<Key: DependencyKey>(for key: Key.Type) -> ValueBox<Key.Value> {
    Self.typedBox(for: key, along: path())
  }

  /// The box a read of `key` along `path` (nearest first) returns; when an alias made it resolve
  /// to a value of another type, a runtime warning and `key`'s own default instead.
  package static func typedBox<Key: DependencyKey>(
    for key: Key.Type, along path: [Level]
  ) -> ValueBox<Key.Value> {
    let resolved = resolvedBox(DependencyID(key), along: path)
    if DependencyContext.isTest { recordRead(DependencyID(key), override: resolved.override, along: path) }
    if let box = resolved.box as? ValueBox<Key.Value> { return box }
    runtimeWarn(
      """
      \(Key.self) reads \(resolved.source), whose value is not a \(Key.Value.self).

      Aliased dependencies must have the same value type. To fix: alias \(Key.self) to a dependency \
      of type \(Key.Value.self).
      """,
      kind: "\(Key.self)")
    return defaultsLevel(path).defaultValues().value(for: DependencyID(key)) as! ValueBox<Key.Value>
  }

  /// Where a read of a dependency finds its value, on a path of nodes.
  enum Resolution {
    /// Set as `entry` (on the dependency or an alias of it) on the node `distance` steps up from
    /// the reading node (0: the node itself).
    case set(Entry, distance: Int)
    /// Nobody set it: the default of `of`, the end of its alias chain.
    case `default`(of: DependencyID)
  }

  /// One level of a path: a node as it was when copied under its lock, or another scope of values
  /// (a `GlobalDeps` `withDependencies` scope, which is no node).
  package struct Level {
    /// The node, or `nil` for a level that is not one.
    package var node: DependencyNode?
    /// Who set the level's values, for reports.
    package var ownerName: String
    /// Whether reads on the path below this level get this level's defaults.
    var ownsDefaults: Bool
    var values: [ObjectIdentifier: Entry]
    var aliases: AliasTable
    /// The level's defaults; for a node, those built so far (`nil` before the first).
    var defaults: DefaultValues?
    /// What a level that is not a node records of its use, in a test process; a node's is its own
    /// (``DependencyNode/usageLedger()``).
    var usage: DependencyUsageLedger?

    /// A level that is not a node; it owns defaults when it has `defaults`.
    package init(
      ownerName: String, values: some Sequence<Entry>, aliases: AliasTable, defaults: DefaultValues?,
      usage: DependencyUsageLedger? = nil
    ) {
      self.node = nil
      self.ownerName = ownerName
      self.ownsDefaults = defaults != nil
      self.values = Dictionary(values.map { ($0.id.rawValue, $0) }, uniquingKeysWith: { $1 })
      self.aliases = aliases
      self.defaults = defaults
      self.usage = usage
    }

    fileprivate init(
      node: DependencyNode, values: [ObjectIdentifier: Entry], aliases: AliasTable,
      defaults: DefaultValues?
    ) {
      self.node = node
      self.ownerName = node.ownerName
      self.ownsDefaults = node.ownsDefaults
      self.values = values
      self.aliases = aliases
      self.defaults = defaults
    }

    /// The defaults reads get from this level, a node's created on first use.
    func defaultValues() -> DefaultValues {
      if let node { return node.defaultValues() }
      // A level that is not a node is only ever the defaults level when it owns defaults, which
      // it does only with `defaults` (see `init`).
      guard let defaults else { preconditionFailure("Deps: a scope without defaults reads its own.") }
      return defaults
    }
  }

  /// Resolves `id` along `path` (nearest first) under `aliases`: within a group of aliased
  /// dependencies the nearest node that set any member wins, and within a node the latest write.
  /// The one rule both reads and ``dependencyReport(title:wording:)`` follow.
  static func resolve(_ id: DependencyID, along path: [Level], aliases: AliasTable) -> Resolution {
    let group = aliases.group(of: id)
    for (distance, level) in path.enumerated() {
      var best: Entry?
      for member in group {
        if let entry = level.values[member.rawValue], entry.sequence > (best?.sequence ?? 0) {
          best = entry
        }
      }
      if let best { return .set(best, distance: distance) }
    }
    return .default(of: aliases.canonical(id))
  }

  /// The box a read of `id` along `path` (nearest first, as copied by ``path()``) returns, the
  /// dependency it was set or built as, and the write order of the value set, if one was. Builds a
  /// default (user code) with no lock held.
  private static func resolvedBox(
    _ id: DependencyID, along path: [Level]
  ) -> (box: AnyValueBox, source: DependencyID, override: UInt64?) {
    switch resolve(id, along: path, aliases: effectiveAliases(path)) {
    case .set(let entry, _):
      return (entry.box, entry.id, entry.sequence)
    case .default(let canonical):
      return (defaultsLevel(path).defaultValues().value(for: canonical), canonical, nil)
    }
  }

  // MARK: Usage

  /// Records, on every level of `path`, a read of `id` that returned the override written as
  /// number `override`, if any: a read through a node is a read through each of its ancestors.
  ///
  /// A node beyond a level that is no node (the `GlobalDeps` store, beyond the scopes of a read
  /// made in a `withDependencies` scope) records only that its own override was read: the read
  /// was the scope's, not the store's, and the store, which lives as long as the process, would
  /// otherwise keep the keys and overrides every scope of every test read.
  private static func recordRead(_ id: DependencyID, override: UInt64?, along path: [Level]) {
    var inScope = false
    for level in path {
      guard let node = level.node else {
        inScope = true
        level.usage?.recordRead(id, override: override)
        continue
      }
      if inScope {
        node.usageLedger().recordReadOfTracked(override: override)
      } else {
        node.usageLedger().recordRead(id, override: override)
      }
    }
  }

  /// What this node records of its use in a test process, made on first use.
  func usageLedger() -> DependencyUsageLedger {
    state.withLock { state in
      if let usage = state.usage { return usage }
      let usage = DependencyUsageLedger()
      state.usage = usage
      return usage
    }
  }

  /// What was read through this node and its descendants, and which values set on them no read
  /// returned; empty outside a test process.
  package var dependencyUsage: DependencyUsage {
    state.withLock(\.usage)?.usage() ?? DependencyUsage()
  }

  /// Tracks, on this node and its ancestors, the overrides `added` set here and the end of those
  /// written as `removed`; in a test process.
  private func trackOverrides(adding added: [Entry], removing removed: [UInt64]) {
    guard !(added.isEmpty && removed.isEmpty) else { return }
    var next: DependencyNode? = self
    while let node = next {
      node.usageLedger().trackOverrides(adding: added, removing: removed)
      next = node.parent
    }
  }

  /// This node and its ancestors, nearest first, as they were at one instant.
  package func path() -> [Level] { snapshot().levels }

  /// ``path()``, and the generation it holds for: the one to cache a read of it under.
  ///
  /// Each level is copied under its node's own lock; ``DependencyGeneration`` makes the copy
  /// again if a write ran meanwhile. `afterLevel(n)` runs once level `n` of the first copy is made,
  /// for tests that interleave writes with it.
  func snapshot(afterLevel: (Int) -> Void = { _ in }) -> (levels: [Level], generation: UInt64) {
    let (levels, generation) = DependencyGeneration.consistent { firstAttempt in
      var levels: [Level] = []
      var next: DependencyNode? = self
      while let node = next {
        let (level, parent) = node.state.withLock {
          (Level(node: node, values: $0.values, aliases: $0.aliases, defaults: $0.defaults), $0.parent)
        }
        levels.append(level)
        if firstAttempt { afterLevel(levels.count - 1) }
        next = parent
      }
      return levels
    }
    return (levels, generation)
  }

  /// The level whose defaults reads on `path` get: the nearest that owns defaults, else the root.
  static func defaultsLevel(_ path: [Level]) -> Level {
    path.first(where: \.ownsDefaults) ?? path[path.count - 1]
  }

  /// The aliases in force at the start of `path`: its nodes', the root's first.
  package static func effectiveAliases(_ path: [Level]) -> AliasTable {
    var table = AliasTable()
    for level in path.reversed() where !level.aliases.isEmpty {
      table.merge(level.aliases)
    }
    return table
  }

  /// The aliases in force at this node: its ancestors' and its own.
  package var effectiveAliases: AliasTable { Self.effectiveAliases(path()) }

  /// The defaults this node builds, created on first use.
  private func defaultValues() -> DefaultValues {
    state.withLock { state in
      if let defaults = state.defaults { return defaults }
      let defaults = DefaultValues(scope: defaultsScope)
      state.defaults = defaults
      return defaults
    }
  }

  // MARK: Writing

  /// The node this one inherits from.
  package var parent: DependencyNode? { state.withLock(\.parent) }

  /// Sets `entries` on this node; each holds here and below until a descendant sets its own.
  package func set(_ entries: some Sequence<Entry>) {
    // Usage is tracked in a test process only: elsewhere a write does what it did without it.
    let tracksUsage = DependencyContext.isTest
    var added: [Entry] = []
    // Released after the write: a replaced value's `deinit` is user code.
    var replaced: [Entry] = []
    DependencyGeneration.write {
      state.withLock { state in
        for entry in entries {
          let old = state.values.updateValue(entry, forKey: entry.id.rawValue)
          if let old { replaced.append(old) }
          if tracksUsage { added.append(entry) }
        }
      }
    }
    trackOverrides(adding: added, removing: tracksUsage ? replaced.map(\.sequence) : [])
  }

  /// The values set on this node itself.
  var ownValues: [Entry] {
    state.withLock { Array($0.values.values) }.sorted { $0.sequence < $1.sequence }
  }

  /// The aliases declared on this node itself.
  package var ownAliases: AliasTable { state.withLock(\.aliases) }

  /// Whether values are set on this node itself, and whether aliases are declared on it.
  package var holdsValuesAndAliases: (values: Bool, aliases: Bool) {
    state.withLock { (!$0.values.isEmpty, !$0.aliases.isEmpty) }
  }

  /// Makes `alias` read `reference` on this node and below, unless that would close a cycle with
  /// the aliases in force here; a refused alias gets a runtime warning.
  @discardableResult
  package func addAlias(_ alias: DependencyID, to reference: DependencyID) -> AliasTable.Outcome {
    var effective = parent.map(\.effectiveAliases) ?? AliasTable()
    effective.merge(ownAliases)
    let outcome = effective.addOrWarn(alias, to: reference)
    guard outcome == .added else { return outcome }
    DependencyGeneration.write {
      state.withLock { _ = $0.aliases.add(alias, to: reference) }
    }
    return outcome
  }

  /// Makes `parent` this node's parent, unless it has one or `parent` is this node's descendant.
  ///
  /// - Returns: Whether the node was attached.
  @discardableResult
  package func attach(to parent: DependencyNode) -> Bool {
    let (attached, dropped) = DependencyGeneration.write(changed: \.0) { setParent(parent) }
    // Released after the write: defaults' `deinit`s are user code.
    withExtendedLifetime(dropped) {}
    // What was read through the node and set on it so far is its new ancestors' too.
    if attached, let usage = state.withLock(\.usage) {
      var next: DependencyNode? = parent
      while let node = next {
        node.usageLedger().merge(usage)
        next = node.parent
      }
    }
    return attached
  }

  /// Returns whether the node was attached, and the defaults it built before, which it drops.
  private func setParent(_ parent: DependencyNode) -> (Bool, DefaultValues?) {
    // One attach at a time: two threads attaching two nodes under each other would both pass the
    // check before either sets its parent, and make a cycle.
    Self.attachCount.withLock { count in
      var ancestor: DependencyNode? = parent
      while let node = ancestor {
        if node === self { return (false, nil) }
        ancestor = node.parent
      }
      let outcome = state.withLock { state -> (Bool, DefaultValues?) in
        guard state.parent == nil else { return (false, nil) }
        state.parent = parent
        // The tree's defaults are the root's from now on, unless this node builds its own.
        guard !ownsDefaults else { return (true, nil) }
        defer { state.defaults = nil }
        return (true, state.defaults)
      }
      if outcome.0 { count += 1 }
      return outcome
    }
  }

  /// How many nodes were attached; its lock is held while a node is attached, since parents
  /// change nowhere else.
  private static let attachCount = Locked<UInt64>(0)

  /// Forgets every value set on this node, every default it built and what it recorded of its
  /// use (``dependencyUsage``): a reset is where a test of the process-wide store starts.
  package func reset() {
    let tracksUsage = DependencyContext.isTest
    // Released after the write: values' and defaults' `deinit`s are user code.
    let (values, defaults) = DependencyGeneration.write {
      state.withLock { state in
        defer {
          state.values = [:]
          state.defaults = nil
          state.usage = nil
        }
        return (state.values, state.defaults)
      }
    }
    // The ancestors' ledgers still track this node's overrides; its own is gone.
    parent?.trackOverrides(adding: [], removing: tracksUsage ? values.values.map(\.sequence) : [])
    withExtendedLifetime(defaults) {}
  }

  /// Forgets every alias declared on this node.
  package func clearAliases() {
    DependencyGeneration.write {
      state.withLock { $0.aliases = AliasTable() }
    }
  }
}
