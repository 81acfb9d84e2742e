import DepsCore

/// Suspends the calling task `rounds` times, each time until a background task has run, so that
/// the effects a test store started can run up to their first suspension before the test goes on.
///
/// As swift-concurrency-extras' `Task.megaYield()`, which TCA's `TestStore` uses: waiting for tasks
/// of the lowest priority gives an effect's task time to be scheduled on the pool. A heuristic: a
/// test that must see an effect's action waits for it with `receive`.
func yieldToEffects(rounds: Int) async {
  for _ in 0..<rounds {
    await Task.detached(priority: .background) { await Task.yield() }.value
  }
}

/// A timeout for waiting on a test store's effects that counts the time they could run, not the
/// time the process was too busy to run them.
///
/// In a parallel run on a few cores, a ready task can wait seconds for a pool thread, and an
/// effect's `send` for the main actor (this package's own tests kept it from a task for up to 10
/// seconds): counted in real time, a one-second `finish()` would fail innocent tests. So ``poll()``
/// sleeps a millisecond on the pool, takes a turn of the main actor and counts at most
/// ``pollCharge`` of it: on an idle machine all of it counts, so a stuck effect is still reported.
/// The wait ends `slack` of real time after `timeout` at the latest, so that it cannot hang.
struct EffectTimeout {
  /// The most one poll counts, however long it took.
  static let pollCharge = Duration.milliseconds(5)
  /// How much real time past `timeout` a wait may take while the process is busy.
  static let slack = Duration.seconds(30)

  private let timeout: Duration
  private let charge: Duration
  private let end: ContinuousClock.Instant
  private var counted = Duration.zero

  /// A timeout of `timeout`, of which a step counts at most `charge` (``pollCharge`` for the
  /// polls of ``poll()``), ending at the latest `slack` of real time after `timeout`.
  init(_ timeout: Duration, charge: Duration = Self.pollCharge, slack: Duration = Self.slack) {
    self.timeout = timeout
    self.charge = charge
    end = ContinuousClock.now.advanced(by: timeout + slack)
  }

  /// Whether the effects have had `timeout` to run, or the wait its real-time limit.
  var hasPassed: Bool { counted >= timeout || ContinuousClock.now >= end }

  /// How long, in real time, a poll waits for its turn of the main actor. A main thread blocked
  /// (a test that waits on a semaphore there) never gives one: the poll goes on without it, so that
  /// the wait ends at its real-time limit rather than never.
  static let mainActorTurnLimit = Duration.milliseconds(50)

  /// Waits about a millisecond, on the pool and the main actor, and counts the time it took, up to
  /// ``pollCharge``; nothing when the main actor gave no turn (busy or blocked), since an effect
  /// that sends could not run either.
  mutating func poll(isolation: isolated (any Actor)? = #isolation) async {
    let start = ContinuousClock.now
    // Detached: the sleep runs on the pool, and is not cut short when the waiting task is
    // cancelled (which would make this loop spin). Then a turn of the main actor, a test store's
    // actor, which an effect's `send` waits for, wherever the caller runs.
    let hadTurn = await Task.detached {
      try? await Task.sleep(for: .milliseconds(1))
      return await mainActorTurn(within: Self.mainActorTurnLimit)
    }.value
    if hadTurn { count(since: start) }
  }

  /// Counts a poll, or a step of other work, that took `elapsed`: at most the charge.
  mutating func count(elapsed: Duration) {
    counted += min(elapsed, charge)
  }

  /// Counts the time since `start`: at most the charge.
  mutating func count(since start: ContinuousClock.Instant) {
    count(elapsed: ContinuousClock.now - start)
  }
}

/// Checks `isDone` between polls of an ``EffectTimeout`` until it holds or the timeout has passed,
/// in the caller's isolation; returns whether it held.
///
/// With `yieldingFirst`, it first checks between that many `Task.yield()`s: for a condition that
/// other tasks usually make true at once, without a millisecond's sleep.
@discardableResult
func waitForEffects(
  timeout: Duration, yieldingFirst yields: Int = 0, slack: Duration = EffectTimeout.slack,
  isolation: isolated (any Actor)? = #isolation, _ isDone: () -> Bool
) async -> Bool {
  var timeout = EffectTimeout(timeout, slack: slack)
  await waitForEffects(counting: &timeout, yieldingFirst: yields, isDone)
  return isDone()
}

/// As above, counting on `timeout`, for waits that share one timeout; the `yieldingFirst` yields
/// count together as one poll.
func waitForEffects(
  counting timeout: inout EffectTimeout, yieldingFirst yields: Int = 0,
  isolation: isolated (any Actor)? = #isolation, _ isDone: () -> Bool
) async {
  let start = ContinuousClock.now
  var yielded = 0
  while yielded < yields, !isDone(), !timeout.hasPassed {
    await Task.yield()
    yielded += 1
  }
  if yielded > 0 { timeout.count(since: start) }
  while !isDone(), !timeout.hasPassed {
    await timeout.poll()
  }
}

/// Returns after a turn of the main actor, or after `limit` of real time if the main actor gave
/// none by then (busy, or its thread blocked); returns whether it had the turn.
func mainActorTurn(within limit: Duration) async -> Bool {
  /// Whether the turn, or the limit, came first; `nil` until one did.
  let outcome = Locked<Bool?>(nil)
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    @Sendable func finish(hadTurn: Bool) {
      let isFirst = outcome.withLock { outcome in
        guard outcome == nil else { return false }
        outcome = hadTurn
        return true
      }
      if isFirst { continuation.resume() }
    }
    let timer = Task.detached {
      try? await Task.sleep(for: limit)
      finish(hadTurn: false)
    }
    Task { @MainActor in
      timer.cancel()
      finish(hadTurn: true)
    }
  }
  return outcome.withLock { $0 } ?? false
}
