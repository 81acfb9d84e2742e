import DepsCore

extension GlobalDependenciesAccessing {
  /// Describes where each dependency comes from, as this environment reads it now: the
  /// process-wide store under the ``withDependencies(_:operation:)`` scope in force.
  ///
  /// ```swift
  /// AppEnvironment().with(\.int, 3)
  /// withDependencies { $0.mainQueue = "test" } operation: {
  ///   print(AppEnvironment().dependencyReport())
  /// }
  /// // AppEnvironment (process-wide store, inside withDependencies)
  /// // Dependencies:
  /// //   IntKey = 3 — set in the process-wide store
  /// //   MainQueueKey = test — set in withDependencies
  /// // Aliases: none
  /// ```
  ///
  /// Sorted by key type name; builds no default and changes nothing.
  public func dependencyReport() -> String {
    let inScope = Scopes.boundScope != nil
    let title =
      "\(String(describing: Self.self)) (process-wide store\(inScope ? ", inside withDependencies" : ""))"
    return DependencyNode.dependencyReport(
      along: Scopes.inForce.path(), title: title, wording: globalReportWording)
  }
}

private let globalReportWording = DependencyReportWording(
  valuePlace: { _, level in
    // Every level that sets values but the store's is a withDependencies scope.
    level.node === GlobalStore.node ? "set in the process-wide store" : "set in withDependencies"
  },
  aliasPlace: { _, _ in "declared process-wide" })
