import DepsCore
import DepsReducer
import DepsTestSupport
import Foundation
import Testing

@testable import DepsTesting

/// The timeouts of a test store and of `TestClock.run` count the time the work they wait for could
/// run. While other tests keep the main actor busy (Swift Testing runs them in parallel), an
/// effect that needs the main actor waits too, and that wait is not held against it: without this
/// a `finish()` or `receive` of a test whose effects did nothing wrong failed in CI ("still
/// running after 1.0 seconds"), and under the thread sanitizer a `run()` that had woken nothing
/// yet timed out.
@MainActor
@Suite struct BusyTestRunTests {
  enum Action: Equatable, Sendable { case start, step }

  /// A store whose `.start` effect waits for `gate`, then for two turns of the main actor, then
  /// sends `.step` twice (two more turns).
  private func makeStore(gate: AsyncStream<Void>) -> TestStore<Int, Action, Void> {
    TestStore(
      initialState: 0,
      reducer: Reducer { state, action, _ in
        switch action {
        case .start:
          return .run { send in
            for await _ in gate { break }
            await MainActor.run {}
            await MainActor.run {}
            await send(.step)
            await send(.step)
          }
        case .step:
          state += 1
          return .none
        }
      },
      environment: ())
  }

  /// Opens `gate`, then keeps the main actor busy for 300 ms: as a test running beside this one
  /// does, from the first suspension of the step that follows.
  private func busyMainActor(opening gate: AsyncStream<Void>.Continuation) {
    Task { @MainActor in
      gate.yield()
      let end = ContinuousClock.now.advanced(by: .milliseconds(300))
      while ContinuousClock.now < end {}
    }
  }

  /// An effect that sleeps twice, whose first wake takes 300 ms of real time before it sleeps
  /// again (as a woken effect kept from a thread in a busy run does): the wake counts 50 ms, and
  /// `run` with a timeout of 250 ms wakes both (it counts at most 150 ms: the yields before the
  /// first wake, and two wakes, 50 ms each at most, also in a busy test run). An effect, because a
  /// clock waits for a woken effect until it sleeps again or ends.
  @Test func runDoesNotCountAWakeThatTookLong() async {
    let clock = TestClock()
    let store = twoTicks(on: clock) { try await Task.sleep(for: .milliseconds(300)) }
    let task = store.send(.start)
    await waitForSleepers(on: clock, count: 1)
    await clock.run(timeout: .milliseconds(250))
    #expect(store.state == 2)
    #expect(clock.now.offset == .seconds(2))
    task.cancel()
  }

  /// A woken effect that waits for the main actor longer than the clock's limit for an effect to
  /// sleep again, in real time: other work keeps the main actor 300 ms, the limit is 100 ms, and
  /// the effect then works 20 ms before it sends and sleeps again. The limit counts the time the
  /// effect could run, so `run` waits and wakes the second sleep too. Counted in real time it gave
  /// up on the effect, found no sleeper and returned with one tick (CI: "store.state → 1 == 2",
  /// the main actor kept for seconds by other tests).
  @Test func runWaitsForAnEffectKeptFromTheMainActor() async {
    let clock = TestClock(limits: SettleLimits(task: .milliseconds(100), effect: .milliseconds(100)))
    let spinning = Locked(false)
    let store = twoTicks(on: clock) {
      Task { @MainActor in
        spinning.withLock { $0 = true }
        let end = ContinuousClock.now.advanced(by: .milliseconds(300))
        while ContinuousClock.now < end {}
      }
      while !spinning.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(1)) }
      // Kept from the main actor until the spin ends, then 20 ms of its own work.
      await MainActor.run {}
      try await Task.sleep(for: .milliseconds(20))
    }
    let task = store.send(.start)
    await waitForSleepers(on: clock, count: 1)
    await clock.run(timeout: .seconds(1))
    #expect(store.state == 2)
    #expect(clock.now.offset == .seconds(2))
    task.cancel()
  }

  /// A store whose `.start` effect sleeps a second on `clock` twice, sending `.tick` after each
  /// sleep, and runs `afterFirstWake` between its first wake and its first `.tick`.
  private func twoTicks(
    on clock: TestClock, afterFirstWake: @escaping @Sendable () async throws -> Void
  ) -> Store<Int, TickAction, Void> {
    let reducer = Reducer<Int, TickAction, Void> { state, action, _ in
      switch action {
      case .start:
        return .run { send in
          for tick in 0..<2 {
            try await clock.sleep(for: .seconds(1))
            if tick == 0 { try await afterFirstWake() }
            await send(.tick)
          }
        }
      case .tick:
        state += 1
        return .none
      }
    }
    return Store(initialState: 0, reducer: reducer, environment: ())
  }

  @Test func aPollCountsAtMostItsCharge() {
    var timeout = EffectTimeout(.milliseconds(20))
    timeout.count(elapsed: .seconds(10))
    #expect(!timeout.hasPassed, "a poll counted more than \(EffectTimeout.pollCharge)")
    for _ in 0..<3 { timeout.count(elapsed: .seconds(10)) }
    #expect(timeout.hasPassed, "four polls of \(EffectTimeout.pollCharge) did not pass 20 ms")
  }

  @Test func aWaitEndsAtItsRealTimeLimitHoweverLittleItCounted() async throws {
    let timeout = EffectTimeout(.milliseconds(10), slack: .milliseconds(10))
    #expect(!timeout.hasPassed)
    try await Task.sleep(for: .milliseconds(30))
    #expect(timeout.hasPassed, "nothing counted, but 30 ms of real time passed a limit of 20 ms")
  }
}

/// Set in the environment of the test process that ``BlockedMainThreadTests`` starts: only there
/// does ``BlockedMainThreadChildTests`` run.
private let blockedMainChildVariable = "DEPS_BLOCKED_MAIN_THREAD_CHILD"

/// A main thread blocked, not just busy: a test that waits on a semaphore there gives the main
/// actor no turn until it is freed. A wait whose polls take a turn of the main actor still ends at
/// its real-time limit: a poll waits for its turn at most 50 ms (and counts nothing then).
///
/// Runs only in a test process of its own, which ``BlockedMainThreadTests`` starts: with the main
/// thread blocked, other tests' threads that wait for it would take the pool's threads, which this
/// wait needs (under the thread sanitizer it then waited 30 s).
@Suite(.enabled(if: ProcessInfo.processInfo.environment[blockedMainChildVariable] == "1"))
struct BlockedMainThreadChildTests {
  @Test func aWaitEndsWhileTheMainThreadIsBlocked() async {
    let blocked = Locked(false)
    let waitEnded = Locked(false)
    let freedByItsLimit = Locked(false)
    // Blocks the main thread until the wait has ended, or 30 s (a wait that needs the main actor
    // never ends before that).
    Task { @MainActor in
      blocked.withLock { $0 = true }
      let limit = ContinuousClock.now.advanced(by: .seconds(30))
      while !waitEnded.withLock({ $0 }) {
        if ContinuousClock.now >= limit {
          freedByItsLimit.withLock { $0 = true }
          break
        }
      }
    }
    let start = ContinuousClock.now
    while !blocked.withLock({ $0 }), ContinuousClock.now - start < .seconds(30) {
      try? await Task.sleep(for: .milliseconds(1))
    }
    let isDone = await waitForEffects(timeout: .milliseconds(20), slack: .milliseconds(100)) { false }
    waitEnded.withLock { $0 = true }
    #expect(!isDone)
    #expect(!freedByItsLimit.withLock { $0 }, "the wait ended only once the main thread was freed")
  }
}

// The test bundle runs the child by itself on Linux; on Apple platforms `xctest` runs the bundle.
#if os(Linux)
  @Suite struct BlockedMainThreadTests {
    @Test func aWaitEndsWhileTheMainThreadIsBlocked() async throws {
      let child = try #require(
        try await runChildTestProcess(
          filter: "BlockedMainThreadChildTests", variable: blockedMainChildVariable),
        "the child test process did not end within two minutes")
      #expect(child.status == 0, "\(child.output)")
      #expect(child.output.contains("Test aWaitEndsWhileTheMainThreadIsBlocked() passed"), "\(child.output)")
    }
  }
#endif
