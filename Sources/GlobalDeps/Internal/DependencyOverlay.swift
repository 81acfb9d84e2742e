import DepsCore

/// The overrides of one `withDependencies` scope, over those of the scopes around it.
///
/// An overlay is immutable and reads through a node whose parent is the enclosing scope's node,
/// or the store's: the store itself is never written, so parallel tasks and tests each see only
/// their own overrides.
///
/// In a test process the outermost scope also builds its own defaults (`testValue`s), which its
/// nested scopes share: a stateful test value, or a default cached on first read, lives as long
/// as the scope, so one test's never leaks into the next. Elsewhere defaults are the store's.
@usableFromInline
final class DependencyOverlay: Sendable {
  /// The scope in force for the current task and its child tasks.
  @TaskLocal static var current: DependencyOverlay?

  /// Resolves reads: this scope's values, then the enclosing scopes', then the store's.
  let node: DependencyNode

  /// The scope this one was made inside of.
  let parent: DependencyOverlay?

  /// This scope's own writes, oldest first.
  let ownEntries: [Entry]

  /// Nodes that put this scope's values over another scope's, by that scope's node serial.
  private let layered = Locked<[UInt64: DependencyNode]>([:])

  /// How many overlays are alive. A task-local binding holds its overlay, so while this is zero
  /// no task or thread can have one in force, and reads skip the task-local lookup.
  private static let alive = AtomicWord()

  /// Whether some overlay may be in force somewhere.
  @inline(__always)
  static var mayBeInForce: Bool { alive.load() != 0 }

  /// Creates the scope of `writes` inside `parent`.
  ///
  /// - Parameters:
  ///   - parent: The scope in force around this one, or `nil` for an outermost scope.
  ///   - writes: The overrides of this scope.
  ///   - ownsDefaults: Whether this scope builds its own defaults; by default, an outermost scope
  ///     in a test process does.
  init(
    parent: DependencyOverlay?, writes: some Sequence<Entry>,
    ownsDefaults: Bool? = nil
  ) {
    Self.alive.add(1)
    self.parent = parent
    self.ownEntries = writes.sorted { $0.sequence < $1.sequence }
    // The scope's own defaults are built with this scope in force, wherever the first read
    // happens (through an object that captured the scope, after it ended, say).
    let owner = WeakOverlay()
    self.node = DependencyNode(
      ownerName: "withDependencies", parent: parent?.node ?? GlobalStore.node, values: ownEntries,
      ownsDefaults: ownsDefaults ?? (parent == nil && DependencyContext.current == .test),
      defaultsScope: { build in
        DependencyOverlay.$current.withValue(owner.overlay, operation: build)
      })
    owner.overlay = self
  }

  deinit {
    Self.alive.add(.max)  // wrapping: minus one
  }

  /// Whether `other` is this scope or one around it.
  func contains(_ other: DependencyOverlay) -> Bool {
    var scope: DependencyOverlay? = self
    while let current = scope {
      if current === other { return true }
      scope = current.parent
    }
    return false
  }

  /// Every value of this scope and the scopes around it, oldest first.
  var allEntries: [Entry] {
    (parent?.allEntries ?? []) + ownEntries
  }

  /// A node whose reads see this scope's values first, then `other`'s, then the store's.
  func layered(over other: DependencyOverlay) -> DependencyNode {
    if contains(other) { return node }
    return layered.withLock { nodes in
      if let node = nodes[other.node.serial] { return node }
      // Defaults, like values, come from the scope in force at read time when it has its own.
      let node = DependencyNode(
        ownerName: "withDependencies", parent: other.node, values: allEntries,
        sharedDefaults: self.node.scopedDefaults)
      nodes[other.node.serial] = node
      return node
    }
  }
}

/// Reads the store through the `withDependencies` scope in force, and through the scope that was
/// in force when the reader was made (for `@Dependency` used later, outside that scope).
/// The overlay a scope's defaults are built for, held weakly: the overlay owns the node whose
/// defaults refer back to it.
private final class WeakOverlay: @unchecked Sendable {
  // @unchecked: written once, in the overlay's initializer, before any default can be built.
  weak var overlay: DependencyOverlay?
}

@usableFromInline
struct GlobalReader: DependencyReader {
  let captured: DependencyOverlay?

  init(captured: DependencyOverlay?) { self.captured = captured }

  /// A reader for the scope in force now.
  static var current: GlobalReader { GlobalReader(captured: DependencyOverlay.current) }

  /// The node a read resolves against, unretained: the store's node lives forever, and a scope's
  /// nodes live as long as the scope, which outlasts any read made in it or through a captured
  /// overlay.
  @usableFromInline
  static func node(captured: DependencyOverlay?) -> Unmanaged<DependencyNode> {
    if captured == nil && !DependencyOverlay.mayBeInForce { return storeNode }
    return .passUnretained(GlobalReader(captured: captured).scopedNode)
  }

  // Unretained: the store's node is a `static let`, alive for the whole process.
  private static let storeNode = Unmanaged.passUnretained(GlobalStore.node)

  @inline(__always)
  var node: DependencyNode {
    if captured == nil && !DependencyOverlay.mayBeInForce { return GlobalStore.node }
    return scopedNode
  }

  private var scopedNode: DependencyNode {
    switch (DependencyOverlay.current, captured) {
    case (nil, nil): GlobalStore.node
    case (let current?, nil): current.node
    case (nil, let captured?): captured.node
    case (let current?, let captured?): current.layered(over: captured)
    }
  }

  @inline(__always)
  func read<Key: DependencyKey>(_ key: Key.Type) -> Key.Value {
    node.read(key)
  }
}
