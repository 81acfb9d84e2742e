extension DependencyNode {
  /// Shuts down the values this node's defaults built (those of the nearest node on its path that
  /// owns defaults, else the root's); see ``BuiltValues/shutdown(timeout:keys:)``.
  package func shutDownBuiltValues(timeout: Duration) async {
    guard let defaults = Self.defaultsLevel(path()).defaults else { return }
    await defaults.shutdown(timeout: timeout)
  }

  /// Shuts down what this node, which owns defaults, built since ``BuildOrder`` reached `mark`,
  /// and forgets it: reads from now on build those defaults anew. What a `GlobalDeps` test's
  /// outermost async scope built, at its end.
  package func shutDownAndForget(builtAfter mark: UInt64, timeout: Duration) async {
    guard let defaults = Self.defaultsLevel(path()).defaults else { return }
    await defaults.shutdown(timeout: timeout, builtAfter: mark)
    let dropped = DependencyGeneration.write { defaults.forget(firstReadAfter: mark) }
    withExtendedLifetime(dropped) {}
  }
}
