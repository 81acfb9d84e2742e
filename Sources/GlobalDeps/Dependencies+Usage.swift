import DepsCore

/// What a test touched in a `withDependencies` scope.
extension Dependencies {
  /// What was read in the current ``withDependencies(_:operation:)`` scope (or the `.dependencies`
  /// trait's) and its nested scopes, and which values it set no read returned.
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.numberFact = .mock
  ///   $0.date = .constant(.distantPast)
  /// } operation: {
  ///   _ = FeatureModel().loadFact()
  ///   print(Dependencies.usage())
  ///   // Read: NumberFactClientKey
  ///   // Unread overrides: DateGeneratorKey
  /// }
  /// ```
  ///
  /// Outside any scope, the running test's usage, else the store's since the last ``reset()``.
  /// Recorded in a test process only: elsewhere the usage is empty.
  public static func usage() -> DependencyUsage {
    Scopes.inForce.dependencyUsage
  }
}
