/// The process-wide words a read loads, in one constant-initialized global.
///
/// Code inlined into another module reaches a global of this module through a call of its
/// addressor; a `GlobalDeps` read loaded such globals (the count of scopes alive, the store's node),
/// each through its own call. Held together, they are reached through one.
@usableFromInline
package struct ReadPathWords: ~Copyable, Sendable {
  /// How many `withDependencies` scopes are alive (see `DependencyOverlay`).
  @usableFromInline package let scopesAlive: AtomicWord

  /// The process-wide store's node, published by `GlobalDeps` on first use.
  @usableFromInline package let globalStore: ProcessObject<DependencyNode>

  /// Inlinable, so that the global below is initialized at compile time.
  @inlinable
  init() {
    scopesAlive = AtomicWord()
    globalStore = ProcessObject()
  }
}

/// The words every read loads (see ``ReadPathWords``).
@usableFromInline
package let readPathWords = ReadPathWords()
