import DepsCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Tells the current date: read ``DepsCore/Dependencies/date`` instead of calling `Date()`, and a
/// test fixes the time with ``constant(_:)``.
///
/// ```swift
/// let environment = TodosEnvironment().with(\.date, .constant(Date(timeIntervalSince1970: 0)))
/// ```
public struct DateGenerator: Sendable {
  private let make: @Sendable () -> Date

  /// Creates a generator that tells the date `now` returns.
  public init(_ now: @escaping @Sendable () -> Date) {
    self.make = now
  }

  /// The current date.
  public var now: Date { make() }

  /// The current date, as `environment.date()`.
  public func callAsFunction() -> Date {
    make()
  }

  /// The system's date, from `Date()`: the value outside tests.
  public static var live: Self { Self { Date() } }

  /// A generator that always tells `date`.
  public static func constant(_ date: Date) -> Self {
    Self { date }
  }
}

private enum DateGeneratorKey: DependencyKey {
  static let defaultValue = DateGenerator.live
  static let testValue = DateGenerator {
    BuiltInDependency.fail(
      "\\.date", type: "DateGenerator", override: ".constant(Date(timeIntervalSince1970: 0))",
      fileID: #fileID, filePath: #filePath, line: #line, column: #column)
    return Date(timeIntervalSince1970: 0)
  }
}

/// The built-in `\.date` dependency.
extension Dependencies {
  /// Tells the current date: the system's (``DateGenerator/live``) in the app; in tests it fails
  /// the test when used, until the test overrides it (``DateGenerator/constant(_:)``).
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}
