/// How strictly a ``TestStore`` checks a test.
///
/// ```swift
/// store.exhaustivity = .off(showSkippedAssertions: true)
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change must be asserted, every action effects send received, and every effect
  /// ended by the end of the test.
  case on
  /// Only what the test asserts is checked: unasserted state changes, unreceived actions and
  /// running effects are skipped; with `showSkippedAssertions`, what was skipped is printed.
  case off(showSkippedAssertions: Bool)

  /// ``off(showSkippedAssertions:)`` without printing what was skipped.
  public static var off: Self { .off(showSkippedAssertions: false) }
}
