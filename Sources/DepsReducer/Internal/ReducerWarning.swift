import DepsCore

/// Reports a misuse of a reducer at run time through the library's one warning channel, logged
/// once per call site (messages embed actions, so they must not be the key).
@usableFromInline
func reducerWarning(
  _ message: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  runtimeWarn(message, fileID: fileID, filePath: filePath, line: line, column: column)
}
