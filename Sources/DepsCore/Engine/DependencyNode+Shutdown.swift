extension DependencyNode {
  /// Shuts down the values this node's defaults built (those of the nearest node on its path that
  /// owns defaults, else the root's); see ``BuiltValues/shutdown(timeout:keys:)``.
  package func shutDownBuiltValues(timeout: Duration) async {
    guard let defaults = Self.defaultsLevel(path()).defaults else { return }
    await defaults.shutdown(timeout: timeout)
  }
}
