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

/// `timeout`, or `.zero` for a negative one, which fails the test as a misuse of `call`.
func checkedTimeout(
  _ timeout: Duration, of call: @autoclosure () -> String, at site: SourceSite
) -> Duration {
  guard timeout < .zero else { return timeout }
  reportTestStoreFailure(TestStoreMessages.negativeTimeout(call(), timeout: timeout), at: site)
  return .zero
}
