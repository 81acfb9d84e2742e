/// What a test process does when a test reads a dependency whose key declares no `testValue`.
///
/// A key that declares no `testValue` gives tests its `defaultValue`: the live service. Reading
/// one in a test that did not override it is reported once per key and test (per `ComposableDeps`
/// root environment; per running test in `GlobalDeps`, or off any test's task once per key and
/// process). The read still returns `defaultValue`.
///
/// ```swift
/// // A test bundle in the middle of a migration: warn instead of failing.
/// Dependencies.missingTestValue = .warning
/// ```
public enum MissingTestValue: Sendable {
  /// The read fails the running test (the default).
  case failure
  /// The read prints a runtime warning, once per key, and the test goes on.
  case warning
}

extension Dependencies {
  /// What a read of a dependency whose key declares no `testValue` does in a test process: fail
  /// the running test (``MissingTestValue/failure``, the default) or print a runtime warning
  /// (``MissingTestValue/warning``).
  ///
  /// Process-wide. Set it once, before the tests read dependencies, for a test bundle whose keys
  /// do not all declare a `testValue` yet (a migration from swift-composable-environment, whose
  /// keys have only defaults):
  ///
  /// ```swift
  /// // In the `class func setUp()` of a test class, before its tests read dependencies:
  /// Dependencies.missingTestValue = .warning
  /// ```
  ///
  /// Declaring `static let testValue = defaultValue` is the explicit, per-key way to say that a
  /// test may read the live value.
  public static var missingTestValue: MissingTestValue {
    get { TestValueCheck.setting.load() == 0 ? .failure : .warning }
    set { TestValueCheck.setting.store(newValue == .failure ? 0 : 1) }
  }
}
