// Two functions build every endpoint shape: a parameter pack takes any number of arguments, and
// the sync closure they return converts to the `async` (and, with a placeholder, `throws`)
// function types at the call site. UnimplementedOverloadTests compiles every shape.

/// Builds an endpoint that fails the running test when called, then returns `placeholder`.
///
/// Use it for the members of a dependency's `testValue`, so that a test that reaches an
/// endpoint it did not override fails with a message naming the endpoint. Outside tests the
/// call prints a runtime warning instead (saying which context the process detected, and why)
/// and returns `placeholder`. The endpoint takes any arguments, and converts to the `async`,
/// `throws` and `async throws` shapes of its function type:
///
/// ```swift
/// let refresh: @Sendable () -> Bool = unimplemented("Client.refresh", placeholder: false)
/// let fetch: @Sendable (Int, String) async throws -> String = unimplemented(
///   "Client.fetch", placeholder: "")
/// ```
///
/// Without a placeholder, ``unimplemented(_:fileID:filePath:line:column:)`` builds a throwing
/// endpoint that throws ``UnimplementedFailure``.
///
/// - Parameters:
///   - description: Names the endpoint in the failure message, e.g. `"NumberFact.fetch"`.
///   - placeholder: The value the endpoint returns, evaluated at each call.
///   - fileID: The file of the call to `unimplemented`; names the endpoint when `description` is empty.
///   - filePath: The file reported with the failure.
///   - line: The line reported with the failure.
///   - column: The column reported with the failure.
/// - Returns: A closure that reports the call and returns `placeholder`.
public func unimplemented<each Argument, Result>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  let call = UnimplementedCall(
    description, fileID: fileID, filePath: filePath, line: line, column: column)
  return { (_: repeat each Argument) in call.placeholder(placeholder) }
}

/// Builds a throwing endpoint that fails the running test when called, then throws
/// ``UnimplementedFailure``: the form of ``unimplemented(_:placeholder:fileID:filePath:line:column:)``
/// that needs no placeholder, for `throws` and `async throws` endpoints.
///
/// ```swift
/// let fetch: @Sendable (Int) async throws -> String = unimplemented("Client.fetch")
/// ```
///
/// - Parameters:
///   - description: Names the endpoint in the failure message, e.g. `"NumberFact.fetch"`.
///   - fileID: The file of the call to `unimplemented`; names the endpoint when `description` is empty.
///   - filePath: The file reported with the failure.
///   - line: The line reported with the failure.
///   - column: The column reported with the failure.
/// - Returns: A closure that reports the call and throws ``UnimplementedFailure``.
public func unimplemented<each Argument, Result>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  let call = UnimplementedCall(
    description, fileID: fileID, filePath: filePath, line: line, column: column)
  return { (_: repeat each Argument) in try call.fail() }
}
