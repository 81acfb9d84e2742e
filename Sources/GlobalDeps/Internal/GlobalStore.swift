import DepsCore

/// The process-wide store: one root node, locked inside, that every global environment and every
/// `@Dependency` reads.
enum GlobalStore {
  /// The store's defaults are built with no scope in force, wherever their first read happens:
  /// a scope's overrides never leak into the process-wide store.
  static let node = DependencyNode(
    ownerName: "GlobalDeps",
    defaultsScope: { build in DependencyOverlay.$current.withValue(nil, operation: build) })
}
