import DepsCore

/// Fails the running test with `message`, at `file`:`line`, through the library's one failure
/// path (`reportTestFailure` in DepsCore). Every TestStore failure goes through here.
///
/// A thin wrapper for TestStore's `file:line:` API, which has no file ID or column: call
/// `reportTestFailure(_:fileID:filePath:line:column:)` directly once it takes them.
func reportTestStoreFailure(_ message: String, file: StaticString, line: UInt) {
  TestFailures.report(message, fileID: fileID(fromPath: "\(file)"), filePath: file, line: line, column: 1)
}

/// A `Module/File.swift` style file ID from a file path, taking the folder as the module name:
/// TestStore's API takes `#filePath` only, and test folders are named after their modules.
private func fileID(fromPath path: String) -> String {
  let components = path.split(separator: "/")
  guard let file = components.last else { return "Unknown/Unknown.swift" }
  let folder = components.dropLast().last ?? "Unknown"
  return "\(folder)/\(file)"
}
