import DepsCore

/// The process-wide store: one root node, locked inside, that every global environment and every
/// `@Dependency` reads.
@usableFromInline
enum GlobalStore {
  /// Its defaults (async ones too) are built with the store bound, wherever first read: a scope's
  /// overrides never leak into it. In a test process the store counts as a scope alive, so that
  /// reads always look for the scope in force (the running test's).
  @usableFromInline static let node: DependencyNode = {
    if DependencyContext.isTest { ReadPathWords.scopeMade() }
    let node = DependencyNode(
      ownerName: "GlobalDeps",
      defaultsScope: { _, build in
        Scopes.buildDefault(of: GlobalStore.node, asyncBuilds: asyncBuilds, build)
      })
    // For the inlined hit path of a read, which finds it there (see `Scopes.cachedStoreValue`).
    _ = ReadPathWords.publishGlobalStore(node)
    return node
  }()

  private static let asyncBuilds = DefaultsAsyncBuilds { nil }

  /// ``node``, unretained, for hot paths: one load, where `node` calls its lazy initializer's
  /// check on every use (see `ReadPathWords`).
  @inlinable @inline(__always)
  static var unretainedNode: Unmanaged<DependencyNode> { ReadPathWords.globalStore { node } }

  /// Whether the store holds values and aliases, read without its lock while no write happened
  /// since the last look: every write advances ``DependencyGeneration`` after changing its node, so
  /// what was seen under a generation is at least as new as it.
  static var holdsValuesAndAliases: (values: Bool, aliases: Bool) {
    let generation = DependencyGeneration.current
    let seen = seenShape.load()
    if seen >> 2 == generation { return (seen & 1 != 0, seen & 2 != 0) }
    let shape = node.holdsValuesAndAliases
    seenShape.store(generation << 2 | (shape.values ? 1 : 0) | (shape.aliases ? 2 : 0))
    return shape
  }

  /// The generation the store was last looked at in, shifted left by 2, or'ed with 1 when it held
  /// values and 2 when it held aliases. Generation 0 is before any write: the store held neither.
  private static let seenShape = AtomicWord()
}
