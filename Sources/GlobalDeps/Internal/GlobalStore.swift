import DepsCore

/// The process-wide store: one root node, locked inside, that every global environment and every
/// `@Dependency` reads.
enum GlobalStore {
  static let node = DependencyNode(ownerName: "GlobalDeps")
}
