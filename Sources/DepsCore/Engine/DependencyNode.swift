/// One scope of dependency values: a node of a ``ComposableEnvironment`` tree, the process-wide
/// store of `GlobalDeps`, a `withDependencies` scope, or a running test's scope.
///
/// A node holds its values and aliases and a strong reference to its parent. A read resolves along
/// the path to the root (``resolve(_:along:aliases:)``); with nothing set, it gets the lazily built
/// default of the nearest node that owns defaults, else the root's. Reads are cached per thread, so
/// a read costs the same at any depth; any write invalidates the caches.
@usableFromInline
package final class DependencyNode: DependencyReader {
  /// Identifies the node for the read caches; never reused, unlike an object address.
  @usableFromInline package let serial: UInt64

  package let ownerName: String

  /// Builds its own defaults instead of using its ancestors': a running test (`GlobalDeps`) gets
  /// fresh `testValue`s and drops them with its node.
  package let ownsDefaults: Bool

  private let defaultsScope: DefaultValues.Scope?

  /// Searched after this node's ancestors that set values, before the nearest that owns defaults:
  /// the model's scope, for `withDependencies(from:)` made inside another scope (which wins).
  let fallback: DependencyNode?

  /// Caches a thread's reads only from its second read on: a `withDependencies` scope, often read
  /// once and ended, is spared the caching and the purge at its end.
  private let cachesFromSecondRead: Bool

  /// Keeps reads and sets out of its ancestors' usage: a running test's scope, whose reads the store
  /// (which outlives every test) must not keep.
  private let isUsageRoot: Bool

  private let countsAsScope: Bool

  private let state: Locked<State>

  private struct State {
    var parent: DependencyNode?
    var values: [ObjectIdentifier: Entry] = [:]
    var aliases = AliasTable()
    var defaults: DefaultValues?
    /// Whether some thread's read cache may hold an entry for this node, to purge at `deinit`.
    var isCached = false
    /// Test process only; made on first use (see ``usageLedger()``).
    var usage: DependencyUsageLedger?
  }

  /// Creates a node under `parent` holding `values`.
  ///
  /// With `ownsDefaults`, the node and its descendants build their own defaults, once each;
  /// `defaultsScope` runs each default with the scope it is cached for in force.
  package init(
    ownerName: String, parent: DependencyNode? = nil, values: some Sequence<Entry> = [],
    ownsDefaults: Bool = false, defaultsScope: DefaultValues.Scope? = nil
  ) {
    self.serial = ThreadReadCache.newScope()
    self.ownerName = ownerName
    self.defaultsScope = defaultsScope
    self.ownsDefaults = ownsDefaults
    (fallback, cachesFromSecondRead, isUsageRoot, countsAsScope) = (nil, false, false, false)
    var state = State(parent: parent)
    for entry in values { state.values[entry.id.rawValue] = entry }
    self.state = Locked(state)
  }

  /// A `GlobalDeps` scope: `values` and `aliases` over `parent` (then `fallback`), fixed from the
  /// start; with `ownsDefaults`, a running test's scope. In a test process its values are tracked as
  /// overrides by the node itself, while a read through it counts for every node on its path.
  package init(
    scopeOf values: [Entry], aliases: AliasTable, parent: DependencyNode,
    fallback: DependencyNode? = nil, ownsDefaults: Bool = false,
    defaultsScope: DefaultValues.Scope? = nil, ownerName: String = "withDependencies"
  ) {
    self.serial = ThreadReadCache.newScope()
    self.ownerName = ownerName
    self.defaultsScope = defaultsScope
    self.ownsDefaults = ownsDefaults
    (self.fallback, cachesFromSecondRead, isUsageRoot, countsAsScope) = (fallback, true, ownsDefaults, true)
    var state = State(parent: parent)
    for entry in values { state.values[entry.id.rawValue] = entry }
    state.aliases = aliases
    self.state = Locked(state)
    ReadPathWords.scopeMade()
    if DependencyContext.isTest, !values.isEmpty {
      usageLedger().trackOverrides(adding: values, removing: [])
    }
  }

  deinit {
    // Reads of this node can no longer happen; what threads cached for it must not outlive it.
    if state.withLock(\.isCached) { ThreadReadCache.purge(scope: serial) }
    if countsAsScope { ReadPathWords.scopeFreed() }
  }

  package var hasBeenRead: Bool { state.withLock(\.isCached) }

  // MARK: Reading

  /// A cache hit takes no node lock and retains nothing; see ``ThreadReadCache``.
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
    if cachesRead() {
      cache(box, key: UInt(bitPattern: ObjectIdentifier(key)), owner: nil, generation: generation)
    }
    return box.value
  }

  /// Only a getter that reads one key and returns its value type (`\.apiClient`) is cached per
  /// thread; one that reaches past it (`\.date.now` calls the generator) runs on every read.
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
    guard recorder.readOneKey(ofValueType: Value.self), cachesRead() else { return value }
    // The cache keeps the key path alive, so its address names it while the entry lives.
    cache(
      ValueBox(value), key: UInt(bitPattern: ObjectIdentifier(keyPath)), owner: keyPath,
      generation: generation)
    return value
  }

  private func cachesRead() -> Bool {
    !cachesFromSecondRead || ThreadReadCache.isRepeatedRead(scope: serial)
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

  /// The box a read of `key` along `path` returns; when an alias resolves it to another value type,
  /// a runtime warning and `key`'s own default.
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
    return defaultsLevel(path).defaultValues().value(for: DependencyID(key), readBy: path[0].node)
      as! ValueBox<Key.Value>
  }

  /// Where a read of a dependency finds its value, on a path of nodes.
  enum Resolution {
    /// Set as `entry` (on the dependency or an alias) `distance` nodes up (0: the reading node).
    case set(Entry, distance: Int)
    /// Nobody set it: the default of `of`, the end of its alias chain.
    case `default`(of: DependencyID)
  }

  /// One level of a path: a node as it was when copied under its lock.
  package struct Level {
    package var node: DependencyNode
    package var ownerName: String { node.ownerName }
    var ownsDefaults: Bool { node.ownsDefaults }
    var values: [ObjectIdentifier: Entry]
    var aliases: AliasTable
    /// The level's defaults, those built so far (`nil` before the first).
    var defaults: DefaultValues?

    func defaultValues() -> DefaultValues { node.defaultValues() }
  }

  /// The one rule reads and ``dependencyReport(title:wording:)`` follow: within an alias group the
  /// nearest node that set any member wins, and within a node the latest write.
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

  /// Builds a default (user code) with no lock held.
  private static func resolvedBox(
    _ id: DependencyID, along path: [Level]
  ) -> (box: AnyValueBox, source: DependencyID, override: UInt64?) {
    switch resolve(id, along: path, aliases: effectiveAliases(path)) {
    case .set(let entry, _):
      return (entry.box, entry.id, entry.sequence)
    case .default(let canonical):
      return (
        defaultsLevel(path).defaultValues().value(for: canonical, readBy: path[0].node), canonical, nil
      )
    }
  }

  // MARK: Usage

  /// A read through a node is a read through each ancestor; beyond a running test's scope
  /// (``isUsageRoot``) only that its own override was read, or the store would keep every test's.
  private static func recordRead(_ id: DependencyID, override: UInt64?, along path: [Level]) {
    var beyondRoot = false
    for level in path {
      if beyondRoot {
        level.node.usageLedger().recordReadOfTracked(override: override)
      } else {
        level.node.usageLedger().recordRead(id, override: override)
      }
      if level.node.isUsageRoot { beyondRoot = true }
    }
  }

  func usageLedger() -> DependencyUsageLedger {
    state.withLock { state in
      if let usage = state.usage { return usage }
      let usage = DependencyUsageLedger()
      state.usage = usage
      return usage
    }
  }

  /// What was read through this node and its descendants, and which set values no read returned.
  package var dependencyUsage: DependencyUsage {
    state.withLock(\.usage)?.usage() ?? DependencyUsage()
  }

  private func trackOverrides(adding added: [Entry], removing removed: [UInt64]) {
    guard !(added.isEmpty && removed.isEmpty) else { return }
    var next: DependencyNode? = self
    while let node = next {
      node.usageLedger().trackOverrides(adding: added, removing: removed)
      next = node.isUsageRoot ? nil : node.parent
    }
  }

  /// This node and its ancestors, nearest first, as they were at one instant.
  package func path() -> [Level] { snapshot().levels }

  /// ``path()`` and the generation to cache a read of it under; ``DependencyGeneration`` copies again
  /// if a write ran meanwhile (`afterLevel(n)` lets tests interleave writes). A ``fallback`` comes
  /// after the node's ancestors but before the nearest that owns defaults, or the root.
  func snapshot(afterLevel: (Int) -> Void = { _ in }) -> (levels: [Level], generation: UInt64) {
    let (levels, generation) = DependencyGeneration.consistent { firstAttempt in
      var levels: [Level] = []
      Self.appendChain(from: self, to: &levels, upToBase: false) { index in
        if firstAttempt { afterLevel(index) }
      }
      return levels
    }
    return (levels, generation)
  }

  /// Appends `start` and its ancestors not yet in `levels`, splicing in fallbacks; with `upToBase`,
  /// stops before the first that owns defaults or is the root.
  private static func appendChain(
    from start: DependencyNode, to levels: inout [Level], upToBase: Bool, appended: (Int) -> Void
  ) {
    var fallbacks: [DependencyNode] = []
    var next: DependencyNode? = start
    while let node = next {
      let (level, parent) = node.state.withLock {
        (Level(node: node, values: $0.values, aliases: $0.aliases, defaults: $0.defaults), $0.parent)
      }
      if node.ownsDefaults || parent == nil {
        // The farthest node's first: a node's fallback comes after everything its parent searches.
        for fallback in fallbacks.reversed() {
          appendChain(from: fallback, to: &levels, upToBase: true, appended: appended)
        }
        fallbacks = []
        if upToBase { return }
      }
      if let fallback = node.fallback { fallbacks.append(fallback) }
      if !levels.contains(where: { $0.node === node }) {
        levels.append(level)
        appended(levels.count - 1)
      }
      next = parent
    }
  }

  /// Whether a read through this node searches `other` (itself, an ancestor, a fallback's), first.
  package func searches(_ other: DependencyNode) -> Bool {
    var next: DependencyNode? = self
    while let node = next {
      if node === other { return true }
      if let fallback = node.fallback, fallback.searches(other) { return true }
      next = node.parent
    }
    return false
  }

  /// Whether `object` is itself a value set on this node's path, or a default built there.
  package func pathHolds(_ object: AnyObject) -> Bool {
    path().contains { level in
      level.values.values.contains { $0.box.holds(object) }
        || level.defaults?.built.values.contains { $0.holds(object) } == true
    }
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

  package var effectiveAliases: AliasTable { Self.effectiveAliases(path()) }

  private func defaultValues() -> DefaultValues {
    state.withLock { state in
      if let defaults = state.defaults { return defaults }
      let defaults = DefaultValues(scope: defaultsScope)
      state.defaults = defaults
      return defaults
    }
  }

  // MARK: Writing

  package var parent: DependencyNode? { state.withLock(\.parent) }

  package func set(_ entries: some Sequence<Entry>) {
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

  package var ownValues: [Entry] {
    state.withLock { Array($0.values.values) }.sorted { $0.sequence < $1.sequence }
  }

  package var ownAliases: AliasTable { state.withLock(\.aliases) }

  package var holdsValuesAndAliases: (values: Bool, aliases: Bool) {
    state.withLock { (!$0.values.isEmpty, !$0.aliases.isEmpty) }
  }

  /// Makes `alias` read `reference` here and below, unless that closes a cycle (a runtime warning).
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

  private func setParent(_ parent: DependencyNode) -> (Bool, DefaultValues?) {
    // One attach at a time: two threads attaching two nodes under each other would both pass the
    // check, and make a cycle.
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

  /// Attaches so far; its lock is held during an attach, since parents change nowhere else.
  private static let attachCount = Locked<UInt64>(0)

  /// Forgets the values set here, the defaults built and the usage: where a store test starts.
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

  package func clearAliases() {
    DependencyGeneration.write {
      state.withLock { $0.aliases = AliasTable() }
    }
  }
}
