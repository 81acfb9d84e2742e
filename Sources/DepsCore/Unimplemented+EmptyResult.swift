/// Builds a non-throwing endpoint that returns `Void` and fails the running test when called: no
/// placeholder is needed.
///
/// Outside tests the call prints a runtime warning instead:
///
/// ```swift
/// struct Analytics: Sendable {
///   var track: @Sendable (String) async -> Void
/// }
/// let testValue = Analytics(track: unimplemented("Analytics.track"))
/// ```
///
/// A throwing endpoint (`async throws -> Void`) still gets the form that throws
/// ``UnimplementedFailure``: this one is chosen only where that one does not fit.
@_disfavoredOverload
public func unimplemented<each Argument>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Void {
  unimplemented(
    description, placeholder: (), fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Builds a non-throwing endpoint that returns an `AsyncStream` and fails the running test when
/// called, then returns a stream that is already finished: no placeholder is needed.
///
/// A throwing endpoint still gets the form that throws ``UnimplementedFailure``.
@_disfavoredOverload
public func unimplemented<each Argument, Element>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> AsyncStream<Element> {
  unimplemented(
    description, placeholder: AsyncStream { $0.finish() }, fileID: fileID, filePath: filePath,
    line: line, column: column)
}

/// Builds a non-throwing endpoint that returns an `AsyncThrowingStream` and fails the running test
/// when called, then returns a stream that is already finished: no placeholder is needed.
///
/// The stream finishes without an error: the failure is the test's, not the caller's.
@_disfavoredOverload
public func unimplemented<each Argument, Element>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> AsyncThrowingStream<Element, any Error> {
  unimplemented(
    description, placeholder: AsyncThrowingStream { $0.finish() }, fileID: fileID,
    filePath: filePath, line: line, column: column)
}
