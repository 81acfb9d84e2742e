import DepsCore

/// Where a `TestStore` call was written: its failures point there.
struct SourceSite {
  var fileID: StaticString
  var filePath: StaticString
  var line: UInt
  var column: UInt
}

/// Fails the running test with `message` at `site`: every TestStore failure goes through here,
/// into the library's one failure path (`reportTestFailure`).
func reportTestStoreFailure(_ message: String, at site: SourceSite) {
  reportTestFailure(
    message, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
}
