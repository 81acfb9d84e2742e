import DepsCore

/// What a test touched in a `withDependencies` scope.
extension Dependencies {
  /// What the tests touched in the current ``withDependencies(_:operation:)`` scope (or the
  /// `.dependencies` trait's): the keys read in it and in the scopes nested in it, and the values
  /// it set that no read returned.
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
  /// Outside any scope, the running test's (in a test process: what it read outside scopes), else
  /// the process-wide store's since the last ``reset()``: what every read outside scopes read, and
  /// the values set on the store with `with(_:_:)` that nothing read, in a scope or outside. Keys are named as
  /// `dependencyReport()` names them. Recorded in a test process only
  /// (`DependencyContext.test`): elsewhere a read records nothing and the usage is empty.
  ///
  /// - Returns: The usage of the scope in force, or of the store.
  public static func usage() -> DependencyUsage {
    Scopes.inForce.dependencyUsage
  }
}
