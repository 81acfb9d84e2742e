import DepsCore

extension ComposableEnvironment {
  /// Shuts down the values this root environment's tree built, last built first: call it when the
  /// app stops, to close what its dependencies opened.
  ///
  /// Each value the tree built itself (a default or test value, or an `AsyncDependencyKey`'s value)
  /// that conforms to `DependencyShutdown` is shut down exactly once, each awaited; one object that
  /// several keys return, once, at the place of its first build. A value whose `shutdown()` takes
  /// longer than `timeout` is reported (a runtime warning; a failure in tests), cancelled, and not
  /// waited for. Values set with ``with(_:_:)-(WritableKeyPath<Dependencies,Value>,_)`` belong to
  /// whoever set them and are left alone. A second call shuts down only what was built since; a
  /// call made while another runs waits for it; an asynchronous value still being built is left
  /// for a later call. The tree keeps its values, and releasing an environment shuts nothing down.
  ///
  /// On an environment derived from another, it only reports the misuse: the values belong to the
  /// root.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for each value's `shutdown()`: zero or more. A negative one is
  ///     reported (a runtime warning; a failure in tests) and shuts nothing down.
  ///   - isolation: The actor the call is made on; inferred. (An environment is not `Sendable`:
  ///     the call stays on the caller's actor, so a `@MainActor` app or test can make it.)
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
