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

  /// A `GlobalDeps` scope's values, aliases and parent, which never change after it is made (see
  /// ``init(scopeOf:aliases:parent:fallback:ownsDefaults:defaultsScope:ownerName:)``): read with no
  /// lock. The node's state holds the same; `nil` for every other node.
  private let fixed: Fixed?

  private struct Fixed: Sendable {
    let values: EntryList
    let hasAliases: Bool
    let parent: DependencyNode
    /// The generation at which no node of the chain declared an alias or had a fallback, when
    /// none did as the scope was made: while no write ran since, a value the scope set is the
    /// read's with no walk (`nil`: walk).
    let plainAt: UInt64?
  }

  private let state: Locked<State>

  /// Not 0 once some thread's read cache may hold an entry for this node, to purge at `deinit`.
  private let isCached = AtomicWord()

  private struct State {
    var parent: DependencyNode?
    var values = EntryList()
    var aliases = AliasTable()
    var defaults: DefaultValues?
    /// What was read through this node and its descendants and set on them, in a test process;
    /// made on first use (see ``usageLedger()``).
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
    fixed = nil
    var state = State(parent: parent)
    for entry in values { _ = state.values.updateValue(entry, forKey: entry.id.rawValue) }
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
    let list = EntryList(distinct: values)
    fixed = Fixed(
      values: list, hasAliases: !aliases.isEmpty, parent: parent,
      plainAt: aliases.isEmpty && fallback == nil ? parent.plainGeneration() : nil)
    var state = State(parent: parent)
    state.values = list
    state.aliases = aliases
    self.state = Locked(state)
    ReadPathWords.scopeMade()
    if DependencyContext.isTest, !values.isEmpty {
      usageLedger().trackOverrides(adding: values, removing: [])
    }
  }

  deinit {
    // Reads of this node can no longer happen; what threads cached for it must not outlive it.
    if isCached.load() != 0 { ThreadReadCache.purge(scope: serial) }
    if countsAsScope { ReadPathWords.scopeFreed() }
  }

  /// Whether any thread has read through this node yet.
  package var hasBeenRead: Bool { isCached.load() != 0 }

  // MARK: Reading

  /// The value of `key` at this node.
  ///
  /// A hit in the thread's cache takes no node lock and retains nothing; see ``ThreadReadCache``.
  @inline(__always) @usableFromInline
  package func read<Key: DependencyKey>(_ key: Key.Type) -> Key.Value {
    let cacheKey = UInt(bitPattern: ObjectIdentifier(key))
    if let value = ThreadReadCache.cachedValue(scope: serial, key: cacheKey, as: Key.Value.self) {
      return value
    }
    return readMissing(key)
  }

  @inline(never)
  private func readMissing<Key: DependencyKey>(_ key: Key.Type) -> Key.Value {
    // Cached under the generation the nodes were read at: a write since keeps it out of the cache.
    let (box, generation) = resolvedBox(for: key)
    if cachesRead() {
      cache(box, key: UInt(bitPattern: ObjectIdentifier(key)), owner: nil, generation: generation)
    }
    return box.value
  }

  /// The box a read of the key `id` through this node returns, cached for the thread as a
  /// ``read(_:)`` of the key caches it; `nil` when an alias is in force, for the typed read.
  @usableFromInline
  package func box(for id: DependencyID) -> AnyValueBox? {
    let cacheKey = UInt(bitPattern: id.rawValue)
    if let box = ThreadReadCache.cachedBox(scope: serial, key: cacheKey) { return box }
    guard let (box, generation) = directBox(for: id) else { return nil }
    if cachesRead() { cache(box, key: cacheKey, owner: nil, generation: generation) }
    return box
  }

  /// ``resolvedBox(for:)`` for the key `id`, when no alias is in force on the node's chain: then
  /// the box holds a value of the key's type. `nil` otherwise.
  private func directBox(for id: DependencyID) -> (AnyValueBox, UInt64)? {
    guard let found = directLookup(id) else { return nil }
    if let chain = found.chain { Self.recordRead(id, override: found.entry?.sequence, along: chain) }
    let box = found.entry?.box ?? found.defaultsOwner.defaultValues().value(for: id, readBy: self)
    return (box, found.generation)
  }

  /// The box a read of `key` through this node returns, and the generation it holds for.
  ///
  /// With no alias declared and no fallback on the node's chain (most reads), the nearest value
  /// set for `key` itself, else the default: what ``resolve(_:along:aliases:)`` finds, without
  /// copying the path. Otherwise that general rule, on a copy of the path.
  private func resolvedBox<Key: DependencyKey>(for key: Key.Type) -> (ValueBox<Key.Value>, UInt64) {
    if let (box, generation) = directBox(for: DependencyID(key)) {
      // A box set or built under `key` holds a `Key.Value` (see `Entry`, `DependencyID`).
      assert(box is ValueBox<Key.Value>, "Deps: \(Key.self) holds a \(type(of: box)).")
      return (unsafeDowncast(box, to: ValueBox<Key.Value>.self), generation)
    }
    let (path, generation) = snapshot()
    return (Self.typedBox(for: key, along: path), generation)
  }

  /// The generation at which no node of this node's chain declares an alias or has a fallback;
  /// `nil` when one does (or a write ran during the walk).
  private func plainGeneration() -> UInt64? {
    let start = DependencyGeneration.current
    var next: DependencyNode? = self
    while let node = next {
      if let fixed = node.fixed {
        // A plain scope's chain was plain when it was made: still, if no write ran since.
        if let plainAt = fixed.plainAt, plainAt == start { return start }
        guard !fixed.hasAliases, node.fallback == nil else { return nil }
        next = fixed.parent
      } else {
        let (hasAliases, parent) = node.state.withLock { (!$0.aliases.isEmpty, $0.parent) }
        guard !hasAliases, node.fallback == nil else { return nil }
        next = parent
      }
    }
    return DependencyGeneration.current == start && start & 1 == 0 ? start : nil
  }

  /// The entry set for `id` on the nearest node of this node's chain (`nil`: none), the node
  /// whose defaults a read gets otherwise, the chain in a test process (to record the read on),
  /// and the generation all of it holds for; `nil` when a node of the chain declares aliases or has
  /// a fallback, for the general rule to decide.
  private func directLookup(
    _ id: DependencyID
  ) -> (entry: Entry?, defaultsOwner: DependencyNode, chain: [DependencyNode]?, generation: UInt64)? {
    let records = DependencyContext.isTest
    // A value this scope set, with its chain as plain as when it was made and no write since.
    if !records, let fixed, let plainAt = fixed.plainAt, let entry = fixed.values[id.rawValue],
      DependencyGeneration.current == plainAt
    {
      return (entry, fixed.parent, nil, plainAt)
    }
    let (found, generation) = DependencyGeneration.consistent {
      _ -> (entry: Entry?, defaultsOwner: DependencyNode, chain: [DependencyNode]?)? in
      var entry: Entry?
      var defaultsOwner: DependencyNode?
      var chain: [DependencyNode]? = records ? [] : nil
      var next: DependencyNode? = self
      while let node = next {
        guard node.fallback == nil else { return nil }
        let (hasAliases, own, parent) =
          node.fixed.map { (fixed: Fixed) -> (Bool, Entry?, DependencyNode?) in
            (fixed.hasAliases, entry == nil ? fixed.values[id.rawValue] : nil, fixed.parent)
          }
          ?? node.state.withLock {
            (!$0.aliases.isEmpty, entry == nil ? $0.values[id.rawValue] : nil, $0.parent)
          }
        if hasAliases { return nil }
        if entry == nil { entry = own }
        if defaultsOwner == nil, node.ownsDefaults || parent == nil { defaultsOwner = node }
        chain?.append(node)
        next = parent
      }
      // Set: the walk ends at the root, which is the last candidate.
      return (entry, defaultsOwner!, chain)
    }
    return found.map { ($0.entry, $0.defaultsOwner, $0.chain, generation) }
  }

  /// The value of the `Dependencies` property at `keyPath` at this node.
  ///
  /// The getter runs on a thread's first read; its result, and only it, is cached for that thread
  /// like a key's value (the keys the getter reads are not), so a read through a key path costs
  /// what a read by key costs. Only the result of a key path that reads one key and returns a
  /// value of that key's type (`\.apiClient`: `get { self[APIClientKey.self] }`) is cached: a key
  /// path that reaches past the dependency (`\.date.now`, whose getter calls the generator) runs
  /// on every read, as a property of the value would.
  ///
  /// `get`, when given, reads the property as `keyPath` does (a getter formed where the key path is
  /// a literal, see `KeyPathAccess`): a read not to cache calls it instead of projecting the path.
  @inline(__always)
  package func value<Value>(
    _ keyPath: KeyPath<Dependencies, Value>, get: ((inout Dependencies) -> Value)? = nil
  ) -> Value {
    let cacheKey = UInt(bitPattern: ObjectIdentifier(keyPath))
    if let value = ThreadReadCache.cachedValue(scope: serial, key: cacheKey, as: Value.self) {
      return value
    }
    return valueMissing(keyPath, get: get)
  }

  @inline(never)
  private func valueMissing<Value>(
    _ keyPath: KeyPath<Dependencies, Value>, get: ((inout Dependencies) -> Value)?
  ) -> Value {
    // Loaded before the nodes are read, so a write racing the read keeps it out of the cache.
    let generation = DependencyGeneration.current
    guard cachesRead() else {
      var dependencies = Dependencies(reader: UncachedReader(node: self))
      return get?(&dependencies) ?? dependencies[keyPath: keyPath]
    }
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

  private func cachesRead() -> Bool {
    !cachesFromSecondRead || ThreadReadCache.isRepeatedRead(scope: serial)
  }

  private func cache(_ box: AnyValueBox, key: UInt, owner: AnyObject?, generation: UInt64) {
    if isCached.load() == 0 { isCached.store(1) }
    ThreadReadCache.store(box, scope: serial, key: key, owner: owner, generation: generation)
  }

  /// Reads keys without caching them, for a getter whose result is cached instead.
  private final class UncachedReader: DependencyReader {
    let node: DependencyNode

    init(node: DependencyNode) { self.node = node }

    func read<Key: DependencyKey>(_ key: Key.Type) -> Key.Value { node.resolvedBox(for: key).0.value }

    func box(for id: DependencyID) -> AnyValueBox? { node.directBox(for: id)?.0 }
  }

  /// The box a read of `key` along `path` returns; when an alias resolves it to another value type,
  /// a runtime warning and `key`'s own default.
  package static func typedBox<Key: DependencyKey>(
    for key: Key.Type, along path: [Level]
  ) -> ValueBox<Key.Value> {
    let resolved = resolvedBox(DependencyID(key), along: path)
    if DependencyContext.isTest {
      recordRead(DependencyID(key), override: resolved.override, along: path.map(\.node))
    }
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
    var values: EntryList
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

  /// Records, on every node of `path`, a read of `id` that returned the override written as
  /// number `override`, if any: a read through a node is a read through each of its ancestors.
  ///
  /// Beyond a running test's scope (``isUsageRoot``) a node records only that its own override
  /// was read: the process-wide store outlives every test, and would otherwise keep the keys and
  /// overrides that every test read.
  private static func recordRead(_ id: DependencyID, override: UInt64?, along path: [DependencyNode]) {
    var beyondRoot = false
    for node in path {
      if beyondRoot {
        node.usageLedger().recordReadOfTracked(override: override)
      } else {
        node.usageLedger().recordRead(id, override: override)
      }
      if node.isUsageRoot { beyondRoot = true }
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
    state.withLock { $0.usage }?.usage() ?? DependencyUsage()
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

  /// The node this one inherits from.
  package var parent: DependencyNode? { state.withLock { $0.parent } }

  package func set(_ entries: some Sequence<Entry>) {
    precondition(fixed == nil, "Deps: the values of a withDependencies scope were changed.")
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

  package var ownValues: [Entry] {
    state.withLock { Array($0.values.values) }.sorted { $0.sequence < $1.sequence }
  }

  /// The aliases declared on this node itself.
  package var ownAliases: AliasTable { state.withLock { $0.aliases } }

  package var holdsValuesAndAliases: (values: Bool, aliases: Bool) {
    state.withLock { (!$0.values.isEmpty, !$0.aliases.isEmpty) }
  }

  /// Makes `alias` read `reference` here and below, unless that closes a cycle (a runtime warning).
  @discardableResult
  package func addAlias(_ alias: DependencyID, to reference: DependencyID) -> AliasTable.Outcome {
    precondition(fixed == nil, "Deps: an alias was declared on a withDependencies scope after it was made.")
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
    precondition(fixed == nil, "Deps: a withDependencies scope was attached to another parent.")
    let (attached, dropped) = DependencyGeneration.write(changed: \.0) { setParent(parent) }
    // Released after the write: defaults' `deinit`s are user code.
    withExtendedLifetime(dropped) {}
    // What was read through the node and set on it so far is its new ancestors' too.
    if attached, let usage = state.withLock({ $0.usage }) {
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
    precondition(fixed?.values.isEmpty ?? true, "Deps: the values of a withDependencies scope were reset.")
    let tracksUsage = DependencyContext.isTest
    // Released after the write: values' and defaults' `deinit`s are user code.
    let (values, defaults) = DependencyGeneration.write {
      state.withLock { state in
        defer {
          state.values = EntryList()
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
    precondition(!(fixed?.hasAliases ?? false), "Deps: the aliases of a withDependencies scope were cleared.")
    DependencyGeneration.write {
      state.withLock { $0.aliases = AliasTable() }
    }
  }
}

/// The values set on one node: a few, found by a scan, cheaper than hashing for the handful a node
/// holds (a scope's one to three, an environment's dozen).
package struct EntryList: Sendable {
  private var entries: [Entry] = []

  init() {}

  /// The list of `entries`, whose keys are distinct (what a `Dependencies` value wrote): shares
  /// their storage.
  init(distinct entries: [Entry]) {
    assert(Set(entries.map(\.id)).count == entries.count, "Deps: entries set one key twice.")
    self.entries = entries
  }

  /// The entry set for the key `id`, if any.
  subscript(id: ObjectIdentifier) -> Entry? {
    for entry in entries where entry.id.rawValue == id { return entry }
    return nil
  }

  /// Sets `entry` for the key `id`, and returns the entry it replaced, if any.
  mutating func updateValue(_ entry: Entry, forKey id: ObjectIdentifier) -> Entry? {
    guard let index = entries.firstIndex(where: { $0.id.rawValue == id }) else {
      entries.append(entry)
      return nil
    }
    defer { entries[index] = entry }
    return entries[index]
  }

  var isEmpty: Bool { entries.isEmpty }

  /// Every entry, in the order first set.
  var values: [Entry] { entries }
}
