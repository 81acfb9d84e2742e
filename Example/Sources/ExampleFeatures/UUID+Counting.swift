import Foundation

extension UUID {
  /// The identifier whose last twelve hex digits spell `value`: `UUID(1)` is
  /// `00000000-0000-0000-0000-000000000001`. Tests use it to name the identifiers of
  /// `UUIDGenerator.incrementing`.
  ///
  /// - Parameter value: A number below 16¹².
  public init(_ value: Int) {
    let hex = String(value, radix: 16, uppercase: true)
    let padded = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    self.init(uuidString: "00000000-0000-0000-0000-\(padded)")!
  }
}
