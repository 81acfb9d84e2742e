import DepsCore
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
  guard await waitUntil({ clock.sleeperCount >= count }) else {
    Issue.record(
      "\(clock.sleeperCount) sleepers after 30 seconds, expected \(count)",
      sourceLocation: sourceLocation)
    return
  }
}

/// Checks `isDone` every millisecond until it holds or 30 seconds of real time have passed (a
/// sanitized run on a loaded 2-core machine took over 10 for an effect's first sleep); returns
/// whether it held.
func waitUntil(_ isDone: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now.advanced(by: .seconds(30))
  while !isDone(), ContinuousClock.now < deadline {
    try? await Task.sleep(for: .milliseconds(1))
  }
  return isDone()
}

/// The result of `task`, a task that sleeps on a `TestClock`, once the clock has woken it: waited
/// for at most 30 seconds of real time, then the task is cancelled (its sleep throws) and the
/// test fails. A clock that did not wake the task must fail the test, not hang it.
func outcome<Success: Sendable>(
  of task: Task<Success, any Error>, sourceLocation: SourceLocation = #_sourceLocation
) async -> Result<Success, any Error> {
  let ended = Locked(false)
  let watcher = Task {
    _ = await task.result
    ended.withLock { $0 = true }
  }
  if await !waitUntil({ ended.withLock { $0 } }) {
    Issue.record("the task did not end within 30 seconds; cancelled", sourceLocation: sourceLocation)
    task.cancel()
  }
  await watcher.value
  return await task.result
}
