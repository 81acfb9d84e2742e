import DepsCore

extension ComposableEnvironment: DependencyUsageReporting {
  /// What the tests touched through this environment: the keys read through it and its
  /// descendants, and the values set on them that no read returned.
  ///
  /// ```swift
  /// let env = AppEnvironment().with(\.numberFact, .mock).with(\.mainQueue, .immediate)
  /// _ = env.counter.numberFact
  /// print(env.dependencyUsage())
  /// // Read: NumberFactClientKey
  /// // Unread overrides: MainQueueKey
  /// ```
  ///
  /// Recorded in a test process only. `TestStore(…, strictDependencies: true)` fails a test whose
  /// environment has unread overrides at `finish()`.
  public func dependencyUsage() -> DependencyUsage {
    node.dependencyUsage
  }
}
