import ComposableDeps
import Foundation

/// Tells the current date, such as when a todo was added or completed.
///
/// Reading this dependency instead of calling `Date()` lets a test fix the time:
///
/// ```swift
/// let environment = TodosEnvironment().with(\.date, .constant(Date(timeIntervalSince1970: 0)))
/// ```
public struct DateGenerator: Sendable {
  /// Returns the current date.
  public var now: @Sendable () -> Date

  /// Creates a generator that tells the date `now` returns.
  ///
  /// - Parameter now: Returns the current date.
  public init(now: @escaping @Sendable () -> Date) {
    self.now = now
  }
}

extension DateGenerator {
  /// The system clock's date, from `Date()`.
  public static let live = DateGenerator { Date() }

  /// A generator that always tells `date`.
  ///
  /// - Parameter date: The date to tell.
  /// - Returns: A generator whose ``now`` returns `date`.
  public static func constant(_ date: Date) -> DateGenerator {
    DateGenerator { date }
  }
}

/// The key of ``Dependencies/date``: the system clock unless overridden; an unimplemented
/// generator in tests, so a test that reads the date without fixing it fails.
private enum DateGeneratorKey: DependencyKey {
  static let defaultValue = DateGenerator.live
  static let testValue = DateGenerator(
    now: unimplemented("DateGenerator.now", placeholder: Date(timeIntervalSince1970: 0))
  )
}

extension Dependencies {
  /// Tells the current date; ``DateGenerator/live`` unless overridden.
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}
