/// Suspends the calling task `rounds` times, each time until a background task has run, so that
/// the effects a test store started can run up to their first suspension before the test goes on.
///
/// The same idea as swift-concurrency-extras' `Task.megaYield()`, which TCA's `TestStore` uses: a
/// single `Task.yield()` lets the main actor run other jobs, but an effect's task may not have
/// been scheduled on the cooperative pool yet; waiting for tasks of the lowest priority gives it
/// that time. It is a heuristic, not a guarantee: a test that must see an effect's action waits
/// for it with `receive`, or for the effect with `TestStoreTask.finish()`.
func yieldToEffects(rounds: Int) async {
  for _ in 0..<rounds {
    await Task.detached(priority: .background) { await Task.yield() }.value
  }
}

/// Checks `isDone` every millisecond until it holds or `timeout` has passed, in the caller's
/// isolation; returns whether it held.
///
/// With `yieldingFirst`, it first checks between that many `Task.yield()`s: for a condition that
/// other tasks usually make true at once, without a millisecond's sleep.
@discardableResult
func waitUntil(
  timeout: Duration, yieldingFirst yields: Int = 0, isolation: isolated (any Actor)? = #isolation,
  _ isDone: () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  var yielded = 0
  while yielded < yields, !isDone(), clock.now < deadline {
    await Task.yield()
    yielded += 1
  }
  while !isDone(), clock.now < deadline {
    try? await Task.sleep(for: .milliseconds(1))
  }
  return isDone()
}
