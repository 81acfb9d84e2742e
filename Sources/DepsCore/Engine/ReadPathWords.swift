/// The words a read loads, in one global: inlined code reaches a global of this module through a
/// call of its addressor, one call for all three.
@usableFromInline
package enum ReadPathWords {
  @usableFromInline
  struct Words: ~Copyable, Sendable {
    /// How many `GlobalDeps` scopes (`withDependencies` and running tests' nodes) are alive.
    @usableFromInline let scopesAlive: AtomicWord
    /// The process-wide store's node (`GlobalDeps`), once published.
    @usableFromInline let globalStore: AtomicReference<DependencyNode>
    /// The pthread key of the threads' read caches, plus one; 0 before the first cache is made.
    @usableFromInline let readCacheKey: AtomicWord

    /// Inlinable, so the global is initialized at compile time: no `swift_once` check on use.
    @inlinable
    init() {
      scopesAlive = AtomicWord()
      globalStore = AtomicReference()
      readCacheKey = AtomicWord()
    }
  }

  @usableFromInline static let words = Words()

  /// How many `GlobalDeps` scopes are alive: while none is, no task can have one in force.
  @inlinable
  package static var scopesAlive: UInt64 { words.scopesAlive.load() }

  package static func scopeMade() { words.scopesAlive.add(1) }

  static func scopeFreed() { words.scopesAlive.subtractOne() }

  /// The process-wide store's node, unretained, once `GlobalDeps` published it; `nil` before.
  @inlinable
  package static var globalStore: Unmanaged<DependencyNode>? { words.globalStore.load() }

  /// The store's node, unretained: ``globalStore``, or what `make()` publishes on first use; `make`
  /// must return one node, kept alive by a `static let` for the whole process.
  @inlinable
  package static func globalStore(_ make: () -> DependencyNode) -> Unmanaged<DependencyNode> {
    globalStore ?? publishGlobalStore(make())
  }

  @usableFromInline
  package static func publishGlobalStore(_ node: DependencyNode) -> Unmanaged<DependencyNode> {
    let unmanaged = Unmanaged.passUnretained(node)
    // Threads racing here publish the same node.
    words.globalStore.publish(unmanaged)
    return unmanaged
  }
}
