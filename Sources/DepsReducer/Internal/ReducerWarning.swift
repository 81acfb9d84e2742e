import DepsCore

/// Reports a misuse of a reducer at run time through the library's one warning channel: once per
/// call site and reducer type, whatever action and state values the message shows.
@usableFromInline
func reducerWarning<Reducer>(
  _ message: String, in _: Reducer.Type, fileID: StaticString = #fileID, line: UInt = #line
) {
  runtimeWarn(message, kind: String(reflecting: Reducer.self), fileID: fileID, line: line)
}
