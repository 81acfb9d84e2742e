import DepsTesting
import Testing

/// Runs `body`, which is expected to fail the test, and returns the texts of the failures it
/// recorded (none when it recorded none).
///
/// For the tests ported from The Composable Architecture: where TCA expects a failure
/// (`XCTExpectFailure`), they check that a failure happens there, and check its text only where
/// this library documents it (API.md, Docs/Diagnostics.md, Docs/Effects.md); TCA's texts differ.
/// Where this library does not behave as TCA does, and its docs do not say so, the expectation is
/// wrapped in `withKnownIssue("parity: …")`.
@MainActor func failureTexts(_ body: @MainActor () async -> Void) async -> [String] {
  let log = IssueLog()
  await withKnownIssue(isIntermittent: true) {
    await body()
  } matching: { issue in
    log.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
    return true
  }
  return log.texts
}

let noChangeText = "Expected state to change, but no change occurred."

/// The headline of a state mismatch (Testing.md).
func mismatchText(_ step: String) -> String {
  "The state after \(step) does not match the expected state."
}

let neverEnding: @Sendable () async throws -> Void = {
  try await Task.sleep(for: .seconds(86_400))
}
