import ComposableDeps
import Foundation

/// Makes identifiers for new values, such as new todos.
///
/// Code that calls `UUID()` directly cannot be tested exhaustively: every run makes different
/// identifiers. Reading this dependency instead lets a test choose ``incrementing``:
///
/// ```swift
/// let environment = TodosEnvironment().with(\.uuid, .incrementing)
/// ```
public struct UUIDGenerator: Sendable {
  private let make: @Sendable () -> UUID

  /// Creates a generator that returns what `make` returns.
  ///
  /// - Parameter make: Returns a new identifier at each call.
  public init(_ make: @escaping @Sendable () -> UUID) {
    self.make = make
  }

  /// Returns a new identifier: `let id = uuid()`.
  public func callAsFunction() -> UUID {
    make()
  }
}

extension UUIDGenerator {
  /// Random identifiers, from `UUID()`.
  public static let live = UUIDGenerator { UUID() }

  /// A new generator whose identifiers count up from
  /// `00000000-0000-0000-0000-000000000000`, so tests and demos know them in advance.
  public static var incrementing: UUIDGenerator {
    let counter = Counter()
    return UUIDGenerator { UUID(counter.next()) }
  }
}

extension UUID {
  /// The identifier whose last twelve hex digits spell `value`: `UUID(1)` is
  /// `00000000-0000-0000-0000-000000000001`. Tests use it to name the identifiers of
  /// ``UUIDGenerator/incrementing``.
  ///
  /// - Parameter value: A number below 16¹².
  public init(_ value: Int) {
    let hex = String(value, radix: 16, uppercase: true)
    let padded = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    self.init(uuidString: "00000000-0000-0000-0000-\(padded)")!
  }
}

/// The count of an incrementing generator.
private final class Counter: @unchecked Sendable {
  // @unchecked: `value` is only touched under `lock`. (`Mutex` would need macOS 15.)
  private let lock = NSLock()
  private var value = 0

  func next() -> Int {
    lock.withLock {
      defer { value += 1 }
      return value
    }
  }
}

/// The key of ``Dependencies/uuid``: random identifiers in the app; an unimplemented generator in
/// tests, so a test that makes identifiers without choosing a generator fails.
private enum UUIDGeneratorKey: DependencyKey {
  static let defaultValue = UUIDGenerator.live
  static let testValue = UUIDGenerator(unimplemented("UUIDGenerator", placeholder: UUID(0)))
}

extension Dependencies {
  /// Makes identifiers for new values; ``UUIDGenerator/live`` unless overridden.
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}
