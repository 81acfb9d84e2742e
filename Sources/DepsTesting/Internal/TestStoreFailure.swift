import Testing
import XCTest

/// Fails the running test with `message`, at `file`:`line`: through Swift Testing when a Swift
/// Testing test is running, through XCTest otherwise. Every TestStore failure goes through here.
func reportTestStoreFailure(_ message: String, file: StaticString, line: UInt) {
  if Test.current != nil {
    let filePath = "\(file)"
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: fileID(fromPath: filePath), filePath: filePath, line: Int(line), column: 1))
  } else {
    XCTFail(message, file: file, line: line)
  }
}

/// A `Module/File.swift` style file ID from a file path, taking the folder as the module name:
/// TestStore's API takes `#filePath` only, and test folders are named after their modules.
private func fileID(fromPath path: String) -> String {
  let components = path.split(separator: "/")
  guard let file = components.last else { return "Unknown/Unknown.swift" }
  let folder = components.dropLast().last ?? "Unknown"
  return "\(folder)/\(file)"
}
