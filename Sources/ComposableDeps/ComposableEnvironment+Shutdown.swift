import DepsCore

extension ComposableEnvironment {
  /// Shuts down the values this root environment's tree built, last built first.
  ///
  /// Call it on the root environment when the app stops, to close what its dependencies opened:
  ///
  /// ```swift
  /// let environment = AppEnvironment()
  /// // ... run the app ...
  /// await environment.shutdown()
  /// ```
  ///
  /// Each value the tree built itself (a default or test value, or an `AsyncDependencyKey`'s value)
  /// that conforms to `DependencyShutdown` is shut down exactly once, in the reverse of the order
  /// they were built, each awaited; one object that several keys return, once, at the place of its
  /// first build. A value whose `shutdown()` takes longer than `timeout` is reported (a runtime
  /// warning; a failure in tests), its shutdown cancelled, and not waited for. Values set with
  /// ``with(_:_:)-(WritableKeyPath<Dependencies,Value>,_)`` belong to whoever set them and are left
  /// alone. A second call shuts down only what was built since; a call made while another runs
  /// waits for it. An asynchronous value still being built is left for a later call.
  ///
  /// The tree keeps its values: reads after `shutdown()` get the values that were shut down.
  /// Releasing an environment shuts nothing down.
  ///
  /// Called on an environment derived from another, it does nothing but report the misuse: the
  /// values belong to the root.
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

  /// The warning of `shutdown()` called on an environment with a parent.
  static func derivedShutdownMessage(type: String) -> String {
    """
    shutdown() was called on \(type), which is derived from another environment.

    The values a tree of environments built belong to its root, which shuts them all down. \
    To fix: call shutdown() on the root environment.
    """
  }
}
