import DepsCore

/// The failures of strict dependency checks: an override that the test never read.
enum StrictDependencies {
  /// A `.dependencies(strict: true)` trait set `key`, and nothing in the test read that value.
  static func unreadInTrait(_ key: String) -> String {
    """
    The .dependencies(strict: true) trait overrides \(key), but the test never read it.

    A strict trait requires every value it sets to be read, so that no override outlives the \
    code that needed it. To fix: remove the override from the trait, or use \
    .dependencies { … } without strict: true.
    """
  }

  /// `key` was set for a `TestStore` made with `strictDependencies: true`, and nothing read it.
  static func unreadInTestStore(_ key: String) -> String {
    """
    The TestStore's environment overrides \(key), but the test never read it.

    A TestStore made with strictDependencies: true requires every value set on its environment \
    to be read by the end of the test, so that no override outlives the code that needed it. To \
    fix: remove the override, or make the TestStore without strictDependencies: true.
    """
  }

  /// A strict `TestStore`'s usage at `finish()` or release: its environment's when it keeps one (a
  /// `ComposableEnvironment`), else the `GlobalDeps` scope's in force now.
  static func usage(of environment: some Any) -> Usage {
    if let reporting = environment as? any DependencyUsageReporting {
      return Usage { reporting.dependencyUsage() }
    }
    guard let scope = DependencyScopeProvider.linked else { return Usage { DependencyUsage() } }
    return Usage(read: scope.usageOfScopeInForce())
  }

  /// Reads a strict `TestStore`'s usage, from `finish()` or from `deinit` (any thread).
  struct Usage: @unchecked Sendable {
    // @unchecked: `read` holds a `ComposableEnvironment`, thread-safe inside (its usage is read
    // under its lock), or a `@Sendable` closure over a `GlobalDeps` scope.
    let read: () -> DependencyUsage

    /// Fails the test at `site` once for each override nothing read, in key order.
    func reportUnreadOverrides(at site: SourceSite) {
      for key in read().unreadOverrides.sorted() {
        reportTestStoreFailure(StrictDependencies.unreadInTestStore(key), at: site)
      }
    }
  }
}
