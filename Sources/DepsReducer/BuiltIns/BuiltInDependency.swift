import DepsCore

/// The failure a built-in dependency's test value reports when a test uses it without an override.
enum BuiltInDependency {
  static func usedInTest(_ keyPath: String, type: String, override: String) -> String {
    """
    \(keyPath) was used in a test that did not override it.

      Dependency: \(type)

    Built-in dependencies have no test value, so that a test never depends on the real \(type). \
    To fix: override it for the test, for example environment.with(\(keyPath), \(override)), or \
    withDependencies { $0.\(keyPath.dropFirst(2)) = \(override) } with GlobalDeps.
    """
  }

  static func fail(
    _ keyPath: String, type: String, override: String,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    reportTestFailure(
      usedInTest(keyPath, type: type, override: override), fileID: fileID, filePath: filePath,
      line: line, column: column)
  }
}
