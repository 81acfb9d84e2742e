import DepsCore

/// Reports a misuse of a reducer at run time through the library's one warning channel, once per
/// distinct message.
@usableFromInline
func reducerWarning(_ message: String) {
  runtimeWarn(message)
}
