import _DepsCoreShims

/// The process-wide words a read loads: C globals (`_DepsCoreShims`), which code inlined into
/// another module loads directly. A Swift global of this module it would reach through a call of
/// the global's addressor on every read (7 of a `GlobalDeps` read's 66 instructions).
@usableFromInline
package enum ReadPathWords {
  /// How many `withDependencies` scopes are alive (see `DependencyOverlay`).
  @inlinable @inline(__always)
  package static var scopesAlive: UInt64 { deps_scopes_alive() }

  /// Counts a scope made.
  static func scopeMade() { deps_count_scopes(1) }

  /// Counts a scope freed.
  static func scopeFreed() { deps_count_scopes(-1) }

  /// The process-wide store's node, unretained, once `GlobalDeps` published it; `nil` before.
  @inlinable @inline(__always)
  package static var globalStore: Unmanaged<DependencyNode>? {
    // Only `globalStore(_:)` publishes it: a node that a `static let` keeps alive for the whole
    // process.
    deps_global_store().map { Unmanaged<DependencyNode>.fromOpaque($0) }
  }

  /// The process-wide store's node, unretained: ``globalStore``, or `make()` published on first
  /// use. `make` must return the same node every time, one that a `static let` keeps alive for the
  /// whole process.
  @inlinable @inline(__always)
  package static func globalStore(_ make: () -> DependencyNode) -> Unmanaged<DependencyNode> {
    globalStore ?? publishGlobalStore(make())
  }

  @usableFromInline
  static func publishGlobalStore(_ node: DependencyNode) -> Unmanaged<DependencyNode> {
    let unmanaged = Unmanaged.passUnretained(node)
    deps_publish_global_store(unmanaged.toOpaque())
    return unmanaged
  }
}
