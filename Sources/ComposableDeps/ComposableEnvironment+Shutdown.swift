import DepsCore

extension ComposableEnvironment {
  /// Shuts down the values this root environment's tree built, last built first: call it when the
  /// app stops, to close what its dependencies opened.
  ///
  /// Each value the tree built itself that conforms to `DependencyShutdown` is shut down once; one
  /// slower than `timeout` (or a negative `timeout`) is reported, as a failure in tests. Values set
  /// with `with` are left alone; a second call shuts down only what was built since.
  ///
  /// On an environment derived from another, it only reports the misuse: the values belong to the
  /// root.
  ///
  /// `isolation` keeps the call on the caller's actor (an environment is not `Sendable`), so a
  /// `@MainActor` app or test can make it.
  public func shutdown(
    timeout: Duration = .seconds(10), isolation: isolated (any Actor)? = #isolation
  ) async {
    guard node.parent == nil else {
      let type = String(describing: Swift.type(of: self))
      runtimeWarn(Self.derivedShutdownMessage(type: type), kind: type)
      return
    }
    await node.shutDownBuiltValues(timeout: timeout)
  }

  static func derivedShutdownMessage(type: String) -> String {
    """
    shutdown() was called on \(type), which is derived from another environment.

    The values a tree of environments built belong to its root, which shuts them all down. \
    To fix: call shutdown() on the root environment.
    """
  }
}
