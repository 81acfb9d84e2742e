import DepsTesting
import Testing

/// Waits (without time passing on `clock`) until `count` sleepers wait on it; after 10 seconds of
/// real time, records an issue and returns.
///
/// A test that starts a sleeper in a task of its own waits for it before it moves time: a task
/// that has not reached its sleep yet would sleep from the advanced time.
func waitForSleepers(
  on clock: TestClock, count: Int, sourceLocation: SourceLocation = #_sourceLocation
) async {
  let deadline = ContinuousClock.now.advanced(by: .seconds(10))
  while clock.sleeperCount < count {
    guard ContinuousClock.now < deadline else {
      Issue.record(
        "\(clock.sleeperCount) sleepers after 10 seconds, expected \(count)",
        sourceLocation: sourceLocation)
      return
    }
    try? await Task.sleep(for: .milliseconds(1))
  }
}
