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
  private static let serials = Counter()

  /// Identifies the node for the read caches; never reused, unlike an object address.
  @usableFromInline package let serial: UInt64

  /// The type that owns the node, for reports (`AppEnvironment`, `GlobalDeps`).
  package let ownerName: String

  /// Whether this node builds its own defaults instead of using its ancestors'.
  ///
  /// Reads below such a node that nobody overrode resolve to defaults built and cached here, so
  /// that a scope (a test's outermost `withDependencies`) gets fresh `testValue`s and drops them
  /// with the node. Only reads that miss the per-thread cache look at it.
  package let ownsDefaults: Bool

  private let state: Locked<State>

  private struct State {
    var parent: DependencyNode?
    var values: [ObjectIdentifier: Entry] = [:]
    var aliases = AliasTable()
    var defaults: DefaultValues?
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
  ///   - sharedDefaults: Defaults another node built (its ``scopedDefaults``), to use instead of
  ///     building new ones; the node then owns defaults whatever `ownsDefaults` says.
  package init(
    ownerName: String, parent: DependencyNode? = nil, values: some Sequence<Entry> = [],
    ownsDefaults: Bool = false, sharedDefaults: DefaultValues? = nil
  ) {
    self.serial = Self.serials.next()
    self.ownerName = ownerName
    self.ownsDefaults = ownsDefaults || sharedDefaults != nil
    var state = State(parent: parent, defaults: sharedDefaults)
    for entry in values { state.values[entry.id.rawValue] = entry }
    self.state = Locked(state)
  }

  // MARK: Reading

  /// The value of `key` at this node.
  ///
  /// A hit in the thread's cache takes no lock and retains nothing; see ``ThreadReadCache``.
  @inline(__always)
  package func read<Key: DependencyKey>(_ key: Key.Type) -> Key.Value {
    if let hit = ThreadReadCache.cachedBox(scope: serial, key: UInt(bitPattern: ObjectIdentifier(key))) {
      // Only a `ValueBox<Key.Value>` is ever cached under a key type (checked in `typedBox`).
      return hit._withUnsafeGuaranteedRef { unsafeDowncast($0, to: ValueBox<Key.Value>.self).value }
    }
    return readMissing(key)
  }

  @inline(never)
  private func readMissing<Key: DependencyKey>(_ key: Key.Type) -> Key.Value {
    // Loaded before the store is read, so a write racing the read leaves an older tag behind.
    let generation = DependencyGeneration.current
    let box = typedBox(for: key)
    ThreadReadCache.withCurrent { cache in
      cache.store(
        box, scope: serial, key: UInt(bitPattern: ObjectIdentifier(key)), owner: nil, generation: generation)
    }
    return box.value
  }

  /// The value of the `Dependencies` property at `keyPath` at this node.
  ///
  /// The getter runs on a thread's first read after a write; its result is cached for that thread
  /// like a key's value, so a read through a key path costs what a read by key costs.
  @inline(__always)
  package func value<Value>(_ keyPath: KeyPath<Dependencies, Value>) -> Value {
    if let hit = ThreadReadCache.cachedBox(scope: serial, key: UInt(bitPattern: ObjectIdentifier(keyPath))) {
      // Only a `KeyPathResultBox<Value>` is ever cached under a key path of this type.
      return hit._withUnsafeGuaranteedRef { unsafeDowncast($0, to: KeyPathResultBox<Value>.self).value }
    }
    return valueMissing(keyPath)
  }

  @inline(never)
  private func valueMissing<Value>(_ keyPath: KeyPath<Dependencies, Value>) -> Value {
    // Loaded before the store is read, so a write racing the read leaves an older tag behind.
    let generation = DependencyGeneration.current
    let value = Dependencies(reader: self)[keyPath: keyPath]
    ThreadReadCache.withCurrent { cache in
      // The cache keeps the key path alive, so its address names it while the entry lives.
      cache.store(
        KeyPathResultBox(value), scope: serial, key: UInt(bitPattern: ObjectIdentifier(keyPath)),
        owner: keyPath, generation: generation)
    }
    return value
  }

  private func typedBox<Key: DependencyKey>(for key: Key.Type) -> ValueBox<Key.Value> {
    let resolution = resolve(DependencyID(key))
    if let box = resolution.box as? ValueBox<Key.Value> { return box }
    runtimeWarn(
      """
      \(Key.self) reads \(resolution.source.id), whose value is not a \(Key.Value.self).

      Aliased dependencies must have the same value type. To fix: alias \(Key.self) to a dependency \
      of type \(Key.Value.self).
      """,
      kind: "\(Key.self)")
    return defaultsOwner().defaultValues().value(for: DependencyID(key)) as! ValueBox<Key.Value>
  }

  /// Where a resolved value came from.
  package struct Resolution {
    package enum Origin: Equatable {
      /// Set on the node at `distance` steps up from the reading node (0: the node itself).
      case set(distance: Int, ownerName: String)
      /// Nobody set it: the default.
      case `default`
    }
    package var box: AnyValueBox
    /// The dependency that was set, or whose default was read.
    package var source: Entry
    package var origin: Origin
  }

  /// Resolves `id` at this node, walking to the root. Locks each node in turn, never two at once,
  /// and builds a default (user code) with no lock held.
  package func resolve(_ id: DependencyID) -> Resolution {
    let path = self.path()
    let aliases = Self.effectiveAliases(path)
    let group = aliases.group(of: id)
    for (distance, level) in path.enumerated() {
      var best: Entry?
      for member in group {
        if let entry = level.values[member.rawValue], entry.sequence > (best?.sequence ?? 0) {
          best = entry
        }
      }
      if let best {
        return Resolution(
          box: best.box, source: best, origin: .set(distance: distance, ownerName: level.node.ownerName))
      }
    }
    let canonical = aliases.canonical(id)
    let owner = path.first(where: { $0.node.ownsDefaults })?.node ?? path.last!.node
    let box = owner.defaultValues().value(for: canonical)
    return Resolution(box: box, source: Entry(id: canonical, box: box), origin: .default)
  }

  private struct Level {
    var node: DependencyNode
    var values: [ObjectIdentifier: Entry]
    var aliases: AliasTable
  }

  /// This node and its ancestors, nearest first, as they are now.
  private func path() -> [Level] {
    var levels: [Level] = []
    var next: DependencyNode? = self
    while let node = next {
      let (parent, values, aliases) = node.state.withLock { ($0.parent, $0.values, $0.aliases) }
      levels.append(Level(node: node, values: values, aliases: aliases))
      next = parent
    }
    return levels
  }

  private static func effectiveAliases(_ path: [Level]) -> AliasTable {
    var table = AliasTable()
    for level in path.reversed() where !level.aliases.isEmpty {
      table.merge(level.aliases)
    }
    return table
  }

  /// The aliases in force at this node: its ancestors' and its own.
  package var effectiveAliases: AliasTable { Self.effectiveAliases(path()) }

  /// The nearest node, from this one up, that owns defaults; the root if none does.
  private func defaultsOwner() -> DependencyNode {
    var owner = self
    while !owner.ownsDefaults, let parent = owner.parent { owner = parent }
    return owner
  }

  /// The defaults of the nearest node, from this one up, that owns defaults; `nil` when only the
  /// root does (its defaults are the store's, which `reset()` replaces, so they are not handed out).
  package var scopedDefaults: DefaultValues? {
    let owner = defaultsOwner()
    return owner.ownsDefaults ? owner.defaultValues() : nil
  }

  /// The defaults this node builds, created on first use.
  private func defaultValues() -> DefaultValues {
    state.withLock { state in
      if let defaults = state.defaults { return defaults }
      let defaults = DefaultValues()
      state.defaults = defaults
      return defaults
    }
  }

  // MARK: Writing

  /// The node this one inherits from.
  package var parent: DependencyNode? { state.withLock(\.parent) }

  /// Sets `entries` on this node; each holds here and below until a descendant sets its own.
  package func set(_ entries: some Sequence<Entry>) {
    state.withLock { state in
      for entry in entries { state.values[entry.id.rawValue] = entry }
    }
    DependencyGeneration.advance()
  }

  /// The values set on this node itself.
  package var ownValues: [Entry] {
    state.withLock { Array($0.values.values) }.sorted { $0.sequence < $1.sequence }
  }

  /// The aliases declared on this node itself.
  package var ownAliases: AliasTable { state.withLock(\.aliases) }

  /// What this node holds now, copied under its lock in one go, for reports.
  package var snapshot:
    (parent: DependencyNode?, values: [Entry], aliases: AliasTable, defaults: DefaultValues?)
  {
    state.withLock { ($0.parent, Array($0.values.values), $0.aliases, $0.defaults) }
  }

  /// Makes `alias` read `reference` on this node and below, unless that would close a cycle with
  /// the aliases in force here; a refused alias gets a runtime warning.
  @discardableResult
  package func addAlias(_ alias: DependencyID, to reference: DependencyID) -> AliasTable.Outcome {
    var effective = parent.map(\.effectiveAliases) ?? AliasTable()
    effective.merge(ownAliases)
    let outcome = effective.add(alias, to: reference)
    AliasTable.warnIfRefused(outcome, alias: alias, reference: reference)
    guard outcome == .added else { return outcome }
    state.withLock { _ = $0.aliases.add(alias, to: reference) }
    DependencyGeneration.advance()
    return outcome
  }

  /// Makes `parent` this node's parent, unless it has one or `parent` is this node's descendant.
  ///
  /// - Returns: Whether the node was attached.
  @discardableResult
  package func attach(to parent: DependencyNode) -> Bool {
    var ancestor: DependencyNode? = parent
    while let node = ancestor {
      if node === self { return false }
      ancestor = node.parent
    }
    let attached = state.withLock { state -> Bool in
      guard state.parent == nil else { return false }
      state.parent = parent
      // The tree's defaults are the root's from now on, unless this node builds its own.
      if !ownsDefaults { state.defaults = nil }
      return true
    }
    if attached { DependencyGeneration.advance() }
    return attached
  }

  /// Forgets every value set on this node and every default it built.
  package func reset() {
    state.withLock { state in
      state.values = [:]
      state.defaults = nil
    }
    DependencyGeneration.advance()
  }

  /// Forgets every alias declared on this node.
  package func clearAliases() {
    state.withLock { $0.aliases = AliasTable() }
    DependencyGeneration.advance()
  }
}
