import DepsCore

/// Logged once per call site and reducer type: messages embed actions, so they must not be the key.
@usableFromInline
func reducerWarning<Reducer>(
  _ message: String, in _: Reducer.Type, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  runtimeWarn(
    message, kind: String(reflecting: Reducer.self), fileID: fileID, filePath: filePath, line: line,
    column: column)
}
