/// What happens when an endpoint built with `unimplemented` is called: the messages and where
/// they go.
package struct UnimplementedCall: Sendable {
  package var description: String
  var fileID: StaticString
  var filePath: StaticString
  var line: UInt
  var column: UInt

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

  var message: String {
    "Unimplemented: \(endpointName) was called.\n\n" + rule
  }

  func liveWarning(threw: Bool, detection: DependencyContext.Detection) -> String {
    message + "\n\n"
      + (threw
        ? "Outside tests it threw UnimplementedFailure."
        : liveOutcome) + " " + detection.note
  }

  package func report(threw: Bool, detection: DependencyContext.Detection = DependencyContext.detected) {
    switch detection.context {
    case .test:
      reportTestFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
    case .live, .preview:
      runtimeWarn(liveWarning(threw: threw, detection: detection))
    }
  }

  func placeholder<Result>(_ placeholder: () -> Result) -> Result {
    report(threw: false)
    return placeholder()
  }

  func fail() throws(UnimplementedFailure) -> Never {
    report(threw: true)
    throw UnimplementedFailure(endpoint: description)
  }
}
