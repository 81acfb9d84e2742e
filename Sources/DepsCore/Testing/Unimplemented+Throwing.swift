// Endpoints without a placeholder: they throw ``UnimplementedFailure``, sync and `async`,
// 0 to 3 arguments.

/// Builds a throwing endpoint of no arguments that fails the running test when called, then
/// throws ``UnimplementedFailure``.
///
/// Use it for the throwing members of a dependency's `testValue`: no placeholder is needed.
/// Outside tests the call prints a runtime warning instead, and throws all the same.
///
/// ```swift
/// let refresh: @Sendable () throws -> Bool = unimplemented("Client.refresh")
/// ```
///
/// - Parameters:
///   - description: Names the endpoint in the failure message, e.g. `"NumberFact.fetch"`.
///   - fileID: The file of the call to `unimplemented`; names the endpoint when `description` is empty.
///   - filePath: The file reported with the failure.
///   - line: The line reported with the failure.
///   - column: The column reported with the failure.
/// - Returns: A closure that reports the call and throws ``UnimplementedFailure``.
public func unimplemented<Result>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable () throws -> Result {
  let call = UnimplementedCall(
    description, fileID: fileID, filePath: filePath, line: line, column: column)
  return { try call.fail() }
}

/// Builds a throwing endpoint of one argument that fails the running test when called, then
/// throws ``UnimplementedFailure``.
///
/// Use it for the throwing members of a dependency's `testValue`: no placeholder is needed.
/// Outside tests the call prints a runtime warning instead, and throws all the same.
///
/// ```swift
/// let format: @Sendable (Int) throws -> String = unimplemented("Client.format")
/// ```
///
/// - Parameters:
///   - description: Names the endpoint in the failure message, e.g. `"NumberFact.fetch"`.
///   - fileID: The file of the call to `unimplemented`; names the endpoint when `description` is empty.
///   - filePath: The file reported with the failure.
///   - line: The line reported with the failure.
///   - column: The column reported with the failure.
/// - Returns: A closure that reports the call and throws ``UnimplementedFailure``.
public func unimplemented<A, Result>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (A) throws -> Result {
  let call = UnimplementedCall(
    description, fileID: fileID, filePath: filePath, line: line, column: column)
  return { _ in try call.fail() }
}

/// Builds a throwing endpoint of two arguments that fails the running test when called, then
/// throws ``UnimplementedFailure``.
///
/// Use it for the throwing members of a dependency's `testValue`: no placeholder is needed.
/// Outside tests the call prints a runtime warning instead, and throws all the same.
///
/// ```swift
/// let distance: @Sendable (Point, Point) throws -> Double = unimplemented("Client.distance")
/// ```
///
/// - Parameters:
///   - description: Names the endpoint in the failure message, e.g. `"NumberFact.fetch"`.
///   - fileID: The file of the call to `unimplemented`; names the endpoint when `description` is empty.
///   - filePath: The file reported with the failure.
///   - line: The line reported with the failure.
///   - column: The column reported with the failure.
/// - Returns: A closure that reports the call and throws ``UnimplementedFailure``.
public func unimplemented<A, B, Result>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (A, B) throws -> Result {
  let call = UnimplementedCall(
    description, fileID: fileID, filePath: filePath, line: line, column: column)
  return { _, _ in try call.fail() }
}

/// Builds a throwing endpoint of three arguments that fails the running test when called, then
/// throws ``UnimplementedFailure``.
///
/// Use it for the throwing members of a dependency's `testValue`: no placeholder is needed.
/// Outside tests the call prints a runtime warning instead, and throws all the same.
///
/// ```swift
/// let clamp: @Sendable (Int, Int, Int) throws -> Int = unimplemented("Client.clamp")
/// ```
///
/// - Parameters:
///   - description: Names the endpoint in the failure message, e.g. `"NumberFact.fetch"`.
///   - fileID: The file of the call to `unimplemented`; names the endpoint when `description` is empty.
///   - filePath: The file reported with the failure.
///   - line: The line reported with the failure.
///   - column: The column reported with the failure.
/// - Returns: A closure that reports the call and throws ``UnimplementedFailure``.
public func unimplemented<A, B, C, Result>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (A, B, C) throws -> Result {
  let call = UnimplementedCall(
    description, fileID: fileID, filePath: filePath, line: line, column: column)
  return { _, _, _ in try call.fail() }
}

/// Builds a throwing `async` endpoint of no arguments that fails the running test when called, then
/// throws ``UnimplementedFailure``.
///
/// Use it for the throwing members of a dependency's `testValue`: no placeholder is needed.
/// Outside tests the call prints a runtime warning instead, and throws all the same.
///
/// ```swift
/// let now: @Sendable () async throws -> Date = unimplemented("Client.now")
/// ```
///
/// - Parameters:
///   - description: Names the endpoint in the failure message, e.g. `"NumberFact.fetch"`.
///   - fileID: The file of the call to `unimplemented`; names the endpoint when `description` is empty.
///   - filePath: The file reported with the failure.
///   - line: The line reported with the failure.
///   - column: The column reported with the failure.
/// - Returns: A closure that reports the call and throws ``UnimplementedFailure``.
public func unimplemented<Result>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable () async throws -> Result {
  let call = UnimplementedCall(
    description, fileID: fileID, filePath: filePath, line: line, column: column)
  return { try call.fail() }
}

/// Builds a throwing `async` endpoint of one argument that fails the running test when called, then
/// throws ``UnimplementedFailure``.
///
/// Use it for the throwing members of a dependency's `testValue`: no placeholder is needed.
/// Outside tests the call prints a runtime warning instead, and throws all the same.
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
public func unimplemented<A, Result>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (A) async throws -> Result {
  let call = UnimplementedCall(
    description, fileID: fileID, filePath: filePath, line: line, column: column)
  return { _ in try call.fail() }
}

/// Builds a throwing `async` endpoint of two arguments that fails the running test when called, then
/// throws ``UnimplementedFailure``.
///
/// Use it for the throwing members of a dependency's `testValue`: no placeholder is needed.
/// Outside tests the call prints a runtime warning instead, and throws all the same.
///
/// ```swift
/// let search: @Sendable (String, Int) async throws -> [Item] = unimplemented("Client.search")
/// ```
///
/// - Parameters:
///   - description: Names the endpoint in the failure message, e.g. `"NumberFact.fetch"`.
///   - fileID: The file of the call to `unimplemented`; names the endpoint when `description` is empty.
///   - filePath: The file reported with the failure.
///   - line: The line reported with the failure.
///   - column: The column reported with the failure.
/// - Returns: A closure that reports the call and throws ``UnimplementedFailure``.
public func unimplemented<A, B, Result>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (A, B) async throws -> Result {
  let call = UnimplementedCall(
    description, fileID: fileID, filePath: filePath, line: line, column: column)
  return { _, _ in try call.fail() }
}

/// Builds a throwing `async` endpoint of three arguments that fails the running test when called, then
/// throws ``UnimplementedFailure``.
///
/// Use it for the throwing members of a dependency's `testValue`: no placeholder is needed.
/// Outside tests the call prints a runtime warning instead, and throws all the same.
///
/// ```swift
/// let move: @Sendable (Item, Int, Int) async throws -> Bool = unimplemented("Client.move")
/// ```
///
/// - Parameters:
///   - description: Names the endpoint in the failure message, e.g. `"NumberFact.fetch"`.
///   - fileID: The file of the call to `unimplemented`; names the endpoint when `description` is empty.
///   - filePath: The file reported with the failure.
///   - line: The line reported with the failure.
///   - column: The column reported with the failure.
/// - Returns: A closure that reports the call and throws ``UnimplementedFailure``.
public func unimplemented<A, B, C, Result>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (A, B, C) async throws -> Result {
  let call = UnimplementedCall(
    description, fileID: fileID, filePath: filePath, line: line, column: column)
  return { _, _, _ in try call.fail() }
}
