/// The error an endpoint built with `unimplemented(_:fileID:filePath:line:column:)` and no
/// placeholder throws when it is called.
///
/// Such an endpoint also fails the running test (or, outside tests, prints a runtime warning);
/// the error stops the code that called it, as a real failure of the endpoint would:
///
/// ```swift
/// let fetch: @Sendable (Int) async throws -> String = unimplemented("NumberFact.fetch")
/// do {
///   _ = try await fetch(42)
/// } catch let failure as UnimplementedFailure {
///   print(failure.endpoint)  // "NumberFact.fetch"
/// }
/// ```
public struct UnimplementedFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// The description given to `unimplemented`, naming the endpoint, e.g. `"NumberFact.fetch"`.
  public let endpoint: String

  /// Creates the error thrown by the unimplemented endpoint `endpoint`.
  public init(endpoint: String) {
    self.endpoint = endpoint
  }

  /// `Unimplemented: <endpoint>`, for logs and test reports.
  ///
  /// An endpoint built with an empty description reads `Unimplemented endpoint`.
  public var description: String {
    endpoint.isEmpty ? "Unimplemented endpoint" : "Unimplemented: \(endpoint)"
  }
}
