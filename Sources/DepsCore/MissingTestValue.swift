/// What a test process does when a test reads a dependency whose key declares no `testValue`.
///
/// Such a key gives tests its live `defaultValue`; reading it unoverridden is reported once per key
/// and test, and the read still returns `defaultValue`.
public enum MissingTestValue: Sendable {
  /// The read fails the running test (the default).
  case failure
  /// The read prints a runtime warning, once per key, and the test goes on.
  case warning
}

extension Dependencies {
  /// What a read of a key with no `testValue` does in a test process: ``MissingTestValue/failure``
  /// (the default) or ``MissingTestValue/warning``.
  ///
  /// Process-wide: set it once, before tests read dependencies, in a test bundle whose keys do not
  /// all declare a `testValue` yet (a migration from swift-composable-environment):
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
