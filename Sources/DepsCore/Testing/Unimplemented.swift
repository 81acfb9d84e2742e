// Endpoints with a placeholder: sync and `async`, 0 to 3 arguments. A sync endpoint also
// converts to a `throws` closure type and an `async` one to `async throws`, so no more
// overloads are needed (UnimplementedOverloadTests compiles every shape).

/// Builds an endpoint of no arguments that fails the running test when called, then returns
/// `placeholder`.
///
/// Use it for the members of a dependency's `testValue`, so that a test that reaches an
/// endpoint it did not override fails with a message naming the endpoint. Outside tests the
/// call prints a runtime warning instead and returns `placeholder`. The closure also converts
/// to the `throws` shape, and to `async` / `async throws`.
///
/// ```swift
/// let refresh: @Sendable () -> Bool = unimplemented("Client.refresh", placeholder: false)
/// ```
///
/// - Parameters:
///   - description: Names the endpoint in the failure message, e.g. `"NumberFact.fetch"`.
///   - fileID: The file of the call to `unimplemented`; names the endpoint when `description` is empty.
///   - filePath: The file reported with the failure.
///   - line: The line reported with the failure.
///   - column: The column reported with the failure.
///   - placeholder: The value the endpoint returns, evaluated at each call.
/// - Returns: A closure that reports the call and returns `placeholder`.
public func unimplemented<Result>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable () -> Result {
  let call = UnimplementedCall(
    description, fileID: fileID, filePath: filePath, line: line, column: column)
  return { call.placeholder(placeholder) }
}

/// Builds an endpoint of one argument that fails the running test when called, then returns
/// `placeholder`.
///
/// Use it for the members of a dependency's `testValue`, so that a test that reaches an
/// endpoint it did not override fails with a message naming the endpoint. Outside tests the
/// call prints a runtime warning instead and returns `placeholder`. The closure also converts
/// to the `throws` shape, and to `async` / `async throws`.
///
/// ```swift
/// let format: @Sendable (Int) -> String = unimplemented("Client.format", placeholder: "")
/// ```
///
/// - Parameters:
///   - description: Names the endpoint in the failure message, e.g. `"NumberFact.fetch"`.
///   - fileID: The file of the call to `unimplemented`; names the endpoint when `description` is empty.
///   - filePath: The file reported with the failure.
///   - line: The line reported with the failure.
///   - column: The column reported with the failure.
///   - placeholder: The value the endpoint returns, evaluated at each call.
/// - Returns: A closure that reports the call and returns `placeholder`.
public func unimplemented<A, Result>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (A) -> Result {
  let call = UnimplementedCall(
    description, fileID: fileID, filePath: filePath, line: line, column: column)
  return { _ in call.placeholder(placeholder) }
}

/// Builds an endpoint of two arguments that fails the running test when called, then returns
/// `placeholder`.
///
/// Use it for the members of a dependency's `testValue`, so that a test that reaches an
/// endpoint it did not override fails with a message naming the endpoint. Outside tests the
/// call prints a runtime warning instead and returns `placeholder`. The closure also converts
/// to the `throws` shape, and to `async` / `async throws`.
///
/// ```swift
/// let distance: @Sendable (Point, Point) -> Double = unimplemented("Client.distance", placeholder: 0)
/// ```
///
/// - Parameters:
///   - description: Names the endpoint in the failure message, e.g. `"NumberFact.fetch"`.
///   - fileID: The file of the call to `unimplemented`; names the endpoint when `description` is empty.
///   - filePath: The file reported with the failure.
///   - line: The line reported with the failure.
///   - column: The column reported with the failure.
///   - placeholder: The value the endpoint returns, evaluated at each call.
/// - Returns: A closure that reports the call and returns `placeholder`.
public func unimplemented<A, B, Result>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (A, B) -> Result {
  let call = UnimplementedCall(
    description, fileID: fileID, filePath: filePath, line: line, column: column)
  return { _, _ in call.placeholder(placeholder) }
}

/// Builds an endpoint of three arguments that fails the running test when called, then returns
/// `placeholder`.
///
/// Use it for the members of a dependency's `testValue`, so that a test that reaches an
/// endpoint it did not override fails with a message naming the endpoint. Outside tests the
/// call prints a runtime warning instead and returns `placeholder`. The closure also converts
/// to the `throws` shape, and to `async` / `async throws`.
///
/// ```swift
/// let clamp: @Sendable (Int, Int, Int) -> Int = unimplemented("Client.clamp", placeholder: 0)
/// ```
///
/// - Parameters:
///   - description: Names the endpoint in the failure message, e.g. `"NumberFact.fetch"`.
///   - fileID: The file of the call to `unimplemented`; names the endpoint when `description` is empty.
///   - filePath: The file reported with the failure.
///   - line: The line reported with the failure.
///   - column: The column reported with the failure.
///   - placeholder: The value the endpoint returns, evaluated at each call.
/// - Returns: A closure that reports the call and returns `placeholder`.
public func unimplemented<A, B, C, Result>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (A, B, C) -> Result {
  let call = UnimplementedCall(
    description, fileID: fileID, filePath: filePath, line: line, column: column)
  return { _, _, _ in call.placeholder(placeholder) }
}

/// Builds an `async` endpoint of no arguments that fails the running test when called, then returns
/// `placeholder`.
///
/// Use it for the members of a dependency's `testValue`, so that a test that reaches an
/// endpoint it did not override fails with a message naming the endpoint. Outside tests the
/// call prints a runtime warning instead and returns `placeholder`. The closure also converts
/// to the `throws` and `async throws` shape.
///
/// ```swift
/// let now: @Sendable () async -> Date = unimplemented("Client.now", placeholder: Date(timeIntervalSince1970: 0))
/// ```
///
/// - Parameters:
///   - description: Names the endpoint in the failure message, e.g. `"NumberFact.fetch"`.
///   - fileID: The file of the call to `unimplemented`; names the endpoint when `description` is empty.
///   - filePath: The file reported with the failure.
///   - line: The line reported with the failure.
///   - column: The column reported with the failure.
///   - placeholder: The value the endpoint returns, evaluated at each call.
/// - Returns: A closure that reports the call and returns `placeholder`.
public func unimplemented<Result>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable () async -> Result {
  let call = UnimplementedCall(
    description, fileID: fileID, filePath: filePath, line: line, column: column)
  return { call.placeholder(placeholder) }
}

/// Builds an `async` endpoint of one argument that fails the running test when called, then returns
/// `placeholder`.
///
/// Use it for the members of a dependency's `testValue`, so that a test that reaches an
/// endpoint it did not override fails with a message naming the endpoint. Outside tests the
/// call prints a runtime warning instead and returns `placeholder`. The closure also converts
/// to the `throws` and `async throws` shape.
///
/// ```swift
/// let fetch: @Sendable (Int) async -> String = unimplemented("Client.fetch", placeholder: "")
/// ```
///
/// - Parameters:
///   - description: Names the endpoint in the failure message, e.g. `"NumberFact.fetch"`.
///   - fileID: The file of the call to `unimplemented`; names the endpoint when `description` is empty.
///   - filePath: The file reported with the failure.
///   - line: The line reported with the failure.
///   - column: The column reported with the failure.
///   - placeholder: The value the endpoint returns, evaluated at each call.
/// - Returns: A closure that reports the call and returns `placeholder`.
public func unimplemented<A, Result>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (A) async -> Result {
  let call = UnimplementedCall(
    description, fileID: fileID, filePath: filePath, line: line, column: column)
  return { _ in call.placeholder(placeholder) }
}

/// Builds an `async` endpoint of two arguments that fails the running test when called, then returns
/// `placeholder`.
///
/// Use it for the members of a dependency's `testValue`, so that a test that reaches an
/// endpoint it did not override fails with a message naming the endpoint. Outside tests the
/// call prints a runtime warning instead and returns `placeholder`. The closure also converts
/// to the `throws` and `async throws` shape.
///
/// ```swift
/// let search: @Sendable (String, Int) async -> [Item] = unimplemented("Client.search", placeholder: [])
/// ```
///
/// - Parameters:
///   - description: Names the endpoint in the failure message, e.g. `"NumberFact.fetch"`.
///   - fileID: The file of the call to `unimplemented`; names the endpoint when `description` is empty.
///   - filePath: The file reported with the failure.
///   - line: The line reported with the failure.
///   - column: The column reported with the failure.
///   - placeholder: The value the endpoint returns, evaluated at each call.
/// - Returns: A closure that reports the call and returns `placeholder`.
public func unimplemented<A, B, Result>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (A, B) async -> Result {
  let call = UnimplementedCall(
    description, fileID: fileID, filePath: filePath, line: line, column: column)
  return { _, _ in call.placeholder(placeholder) }
}

/// Builds an `async` endpoint of three arguments that fails the running test when called, then returns
/// `placeholder`.
///
/// Use it for the members of a dependency's `testValue`, so that a test that reaches an
/// endpoint it did not override fails with a message naming the endpoint. Outside tests the
/// call prints a runtime warning instead and returns `placeholder`. The closure also converts
/// to the `throws` and `async throws` shape.
///
/// ```swift
/// let move: @Sendable (Item, Int, Int) async -> Bool = unimplemented("Client.move", placeholder: false)
/// ```
///
/// - Parameters:
///   - description: Names the endpoint in the failure message, e.g. `"NumberFact.fetch"`.
///   - fileID: The file of the call to `unimplemented`; names the endpoint when `description` is empty.
///   - filePath: The file reported with the failure.
///   - line: The line reported with the failure.
///   - column: The column reported with the failure.
///   - placeholder: The value the endpoint returns, evaluated at each call.
/// - Returns: A closure that reports the call and returns `placeholder`.
public func unimplemented<A, B, C, Result>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (A, B, C) async -> Result {
  let call = UnimplementedCall(
    description, fileID: fileID, filePath: filePath, line: line, column: column)
  return { _, _, _ in call.placeholder(placeholder) }
}
