import DepsCore

/// Shutting down the values the process-wide store, or a running test, built.
extension Dependencies {
  /// Shuts down the values the store built, last built first: in a test, the running test's
  /// (see Docs/Testing.md, "Every test its own"), else the process-wide store's.
  ///
  /// Call it when the app stops (with swift-service-lifecycle, see Docs/Lifecycle.md):
  ///
  /// ```swift
  /// await Dependencies.shutdown()
  /// ```
  ///
  /// Each value the store built itself that conforms to `DependencyShutdown` is shut down once, last
  /// built first; one slower than `timeout` (or a negative `timeout`) is reported, as a failure in
  /// tests. Values set with `with`, ``withDependencies(_:operation:)`` or a trait are left alone. A
  /// second call shuts down only what was built since.
  ///
  /// Reads afterwards get the values that were shut down, until ``reset()`` (which shuts nothing
  /// down). The `.dependencies` trait, and an XCTest test's end, shut down what the test built.
  public static func shutdown(timeout: Duration = .seconds(10)) async {
    await (TestScopes.current() ?? GlobalStore.node).shutDownBuiltValues(timeout: timeout)
  }
}
