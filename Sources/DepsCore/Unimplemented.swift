/// Builds an endpoint that fails the running test when called, then returns `placeholder`.
///
/// Use it for the members of a dependency's `testValue`: a test that reaches an endpoint it did not
/// override fails, naming it (outside tests, a runtime warning). The closure is synchronous; Swift
/// converts it to the `throws`, `async` and `async throws` shapes, so one function serves them all:
///
/// ```swift
/// struct NumberFact: Sendable {
///   var fetch: @Sendable (Int) async throws -> String
///   var cached: @Sendable () -> [Int]
/// }
///
/// private enum NumberFactKey: DependencyKey {
///   static let defaultValue = NumberFact(fetch: { "\($0) is a number." }, cached: { [] })
///   static let testValue = NumberFact(
///     fetch: unimplemented("NumberFact.fetch", placeholder: ""),
///     cached: unimplemented("NumberFact.cached", placeholder: [])
///   )
/// }
/// ```
///
/// Leave out `placeholder:` for a throwing endpoint (`unimplemented(_:fileID:filePath:line:column:)`).
///
/// `fileID` names the endpoint when `description` is empty; `placeholder` is evaluated at each call.
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
/// ``UnimplementedFailure``: no placeholder is needed.
///
/// Outside tests the call prints a runtime warning instead, and throws all the same.
///
/// ```swift
/// let refresh: @Sendable () throws -> Bool = unimplemented("Client.refresh")
/// let load: @Sendable (Int) async throws -> String = unimplemented("Client.load")
/// ```
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
