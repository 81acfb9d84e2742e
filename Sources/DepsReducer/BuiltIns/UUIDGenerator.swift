import DepsCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Makes identifiers for new values: read ``DepsCore/Dependencies/uuid`` instead of calling
/// `UUID()`, whose identifiers differ on every run, and a test overrides it with ``incrementing``
/// or ``constant(_:)``.
///
/// ```swift
/// let environment = TodosEnvironment().with(\.uuid, .incrementing)
/// ```
public struct UUIDGenerator: Sendable {
  private let make: @Sendable () -> UUID

  /// Creates a generator that returns what `make` returns.
  public init(_ make: @escaping @Sendable () -> UUID) {
    self.make = make
  }

  /// A new identifier.
  public func callAsFunction() -> UUID {
    make()
  }

  /// Random identifiers, from `UUID()`: the value outside tests.
  public static var live: Self { Self { UUID() } }

  /// A new generator whose identifiers count up from `00000000-0000-0000-0000-000000000000`
  /// (then `…001`, `…002`), so that tests know them in advance.
  public static var incrementing: Self {
    let counter = Locked<UInt64>(0)
    return Self {
      let value = counter.withLock { value in
        defer { value += 1 }
        return value
      }
      return UUID(incrementing: value)
    }
  }

  /// A generator that always returns `uuid`.
  public static func constant(_ uuid: UUID) -> Self {
    Self { uuid }
  }
}

extension UUID {
  /// The identifier whose last 16 hex digits spell `value`.
  fileprivate init(incrementing value: UInt64) {
    var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &bytes) { raw in
      for index in 0..<8 { raw[15 - index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
    }
    self.init(uuid: bytes)
  }
}

private enum UUIDGeneratorKey: DependencyKey {
  static let defaultValue = UUIDGenerator.live
  static let testValue = UUIDGenerator {
    BuiltInDependency.fail(
      "\\.uuid", type: "UUIDGenerator", override: ".incrementing", fileID: #fileID,
      filePath: #filePath, line: #line, column: #column)
    return UUID(incrementing: 0)
  }
}

/// The built-in `\.uuid` dependency.
extension Dependencies {
  /// Makes identifiers for new values: random ones (``UUIDGenerator/live``) in the app; in tests it
  /// fails the test when used, until the test overrides it (``UUIDGenerator/incrementing``).
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}
