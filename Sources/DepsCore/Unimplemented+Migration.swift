/// TCA 0.40's name for ``unimplemented(_:placeholder:fileID:filePath:line:column:)``: an endpoint
/// that fails the running test when called, then returns `placeholder`.
///
/// Kept so that code moved over from TCA 0.40 compiles unchanged, above all a static member named
/// `unimplemented`, inside which a bare `unimplemented(…)` names the member itself:
///
/// ```swift
/// struct AudioRecorder: Sendable {
///   var requestPermission: @Sendable () async -> Bool
/// }
/// extension AudioRecorder {
///   static let unimplemented = Self(
///     requestPermission: XCTUnimplemented("AudioRecorder.requestPermission", placeholder: false)
///   )
/// }
/// ```
public func XCTUnimplemented<each Argument, Result>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  unimplemented(
    description, placeholder: placeholder(), fileID: fileID, filePath: filePath, line: line,
    column: column)
}

/// TCA 0.40's name for `unimplemented(_:fileID:filePath:line:column:)` (the throwing form): a
/// throwing endpoint that fails the running test when called, then throws ``UnimplementedFailure``.
public func XCTUnimplemented<each Argument, Result>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  unimplemented(description, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// TCA 0.40's name for the `unimplemented` that builds a non-throwing endpoint returning `Void`.
@_disfavoredOverload
public func XCTUnimplemented<each Argument>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Void {
  unimplemented(description, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// TCA 0.40's name for the `unimplemented` that builds an endpoint returning a finished `AsyncStream`.
@_disfavoredOverload
public func XCTUnimplemented<each Argument, Element>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> AsyncStream<Element> {
  unimplemented(description, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// TCA 0.40's name for the `unimplemented` that builds an endpoint returning a finished
/// `AsyncThrowingStream`.
@_disfavoredOverload
public func XCTUnimplemented<each Argument, Element>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> AsyncThrowingStream<Element, any Error> {
  unimplemented(description, fileID: fileID, filePath: filePath, line: line, column: column)
}
