import DepsCore

/// Shutting down the values the process-wide store, or a running test, built.
extension Dependencies {
  /// Shuts down the values the store built, last built first: in a test, the running test's
  /// (see Docs/Testing.md, "Every test its own"), else the process-wide store's.
  ///
  /// Call it when the app stops, to close what its dependencies opened; with
  /// swift-service-lifecycle, from a service that waits for the graceful shutdown
  /// (Docs/Lifecycle.md):
  ///
  /// ```swift
  /// await Dependencies.shutdown()
  /// ```
  ///
  /// Each value the store built itself (a default or test value, or an `AsyncDependencyKey`'s
  /// value) that conforms to `DependencyShutdown` is shut down exactly once, in the reverse of the
  /// order they were built, each awaited; one object that several keys return, once, at the place
  /// of its first build. A value whose `shutdown()` takes longer than `timeout` is reported (a
  /// runtime warning; a failure in tests), its shutdown cancelled, and not waited for. Values set
  /// with `with`, ``withDependencies(_:operation:)`` or a test trait belong to whoever set them and
  /// are left alone. A second call shuts down only what was built since; a call made while another
  /// runs waits for it. An asynchronous value still being built is left for a later call.
  ///
  /// The store keeps its values: reads after `shutdown()` get the values that were shut down,
  /// until ``reset()``. (`reset()` itself shuts nothing down: call `shutdown()` first.) The
  /// `.dependencies` test trait, and an XCTest test's end, shut down what the test built.
  ///
  /// - Parameter timeout: How long to wait for each value's `shutdown()`: zero or more. A negative
  ///   one is reported (a runtime warning; a failure in tests) and shuts nothing down.
  public static func shutdown(timeout: Duration = .seconds(10)) async {
    await (TestScopes.current() ?? GlobalStore.node).shutDownBuiltValues(timeout: timeout)
  }
}
