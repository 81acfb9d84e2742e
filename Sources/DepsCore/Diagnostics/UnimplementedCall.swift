/// What happens when an endpoint built with `unimplemented` is called: the messages and where
/// they go.
package struct UnimplementedCall: Sendable {
  /// The description given to `unimplemented`; may be empty.
  package var description: String
  var fileID: StaticString
  var filePath: StaticString
  var line: UInt
  var column: UInt

  /// Creates the report of a call to the endpoint `description`, made at the given site.
  package init(
    _ description: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    self.description = description
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// The name of the endpoint in messages: its description, or where it was built.
  var endpointName: String {
    description.isEmpty ? "The endpoint built at \(fileID):\(line)" : description
  }

  /// What the message says after its headline: the rule the call broke, and how to fix it.
  package var rule = """
    An endpoint built with unimplemented(_:) stands for code that must not run: a test that \
    reaches it must override the dependency it belongs to. To fix: give the test an \
    implementation, e.g. env.with(\\.yourDependency, mock) or \
    withDependencies { $0.yourDependency = mock } operation: { ... }.
    """

  /// What the runtime warning says a call that did not throw did instead, outside tests.
  package var liveOutcome = "Outside tests it returned its placeholder."

  /// The message of the test failure, and the start of the runtime warning.
  var message: String {
    "Unimplemented: \(endpointName) was called.\n\n" + rule
  }

  /// The runtime warning printed outside tests: the failure message, what the call returned,
  /// and which context the process detected, and why.
  func liveWarning(threw: Bool, detection: DependencyContext.Detection) -> String {
    message + "\n\n"
      + (threw
        ? "Outside tests it threw UnimplementedFailure."
        : liveOutcome) + " " + detection.note
  }

  /// Reports the call: a test failure in a test process, else a runtime warning.
  package func report(threw: Bool, detection: DependencyContext.Detection = DependencyContext.detected) {
    switch detection.context {
    case .test:
      reportTestFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
    case .live, .preview:
      runtimeWarn(liveWarning(threw: threw, detection: detection))
    }
  }

  /// Reports the call and returns the placeholder, for the endpoints built with one.
  func placeholder<Result>(_ placeholder: () -> Result) -> Result {
    report(threw: false)
    return placeholder()
  }

  /// Reports the call and throws ``UnimplementedFailure``, for the endpoints built without a
  /// placeholder.
  func fail() throws(UnimplementedFailure) -> Never {
    report(threw: true)
    throw UnimplementedFailure(endpoint: description)
  }
}
