import DepsCore

// The texts of the lifecycle's failures, as both modules' tests expect them.

/// The report of `shutdown(timeout:)` given `timeout`, a negative one, as it prints.
package func negativeShutdownTimeoutFailure(_ timeout: String) -> String {
  """
  shutdown(timeout: \(timeout)) was called with a negative timeout.

  shutdown() waits for each value the store built at most its timeout, so it shut nothing down: \
  the values stay for the next call. To fix: pass shutdown(timeout:) a duration of zero or more \
  (10 seconds unless given).
  """
}
