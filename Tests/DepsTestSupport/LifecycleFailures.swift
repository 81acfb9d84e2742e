import DepsCore

// The texts of the lifecycle's failures, as both modules' tests expect them, and what it takes to
// see one.

/// The failure of a cycle of asynchronous builds that `path` names, first and last the build
/// awaited.
package func asyncCycleFailure(_ path: [String]) -> String {
  """
  Creating the value of \(path[0]) needs itself (\(path.joined(separator: " → "))).

  The build of an asynchronous dependency (makeDefault() or .build { … }) may await other \
  dependencies, but not one whose build waits for it: neither could ever end, so the await \
  throws AsyncDependencyCycle instead. To fix: break the cycle, for instance by awaiting the \
  dependency lazily inside an endpoint instead of in the build.
  """
}

/// The report of `shutdown(timeout:)` given `timeout`, a negative one, as it prints.
package func negativeShutdownTimeoutFailure(_ timeout: String) -> String {
  """
  shutdown(timeout: \(timeout)) was called with a negative timeout.

  shutdown() waits for each value the store built at most its timeout, so it shut nothing down: \
  the values stay for the next call. To fix: pass shutdown(timeout:) a duration of zero or more \
  (10 seconds unless given).
  """
}

/// What awaiting `read` did: the error it threw (`nil` if none), and the failures it reported,
/// each an expected issue of the running test.
package func awaitedCycle(
  isolation: isolated (any Actor)? = #isolation, _ read: () async throws -> Resource
) async -> (error: (any Error)?, issues: [String]) {
  var thrown: (any Error)?
  let issues = await recordedIssues {
    do {
      _ = try await read()
    } catch {
      thrown = error
    }
  }
  return (thrown, issues)
}
