import DepsCore
import DepsReducer
import DepsTestSupport
import Testing

@testable import DepsTesting

private struct AttackTickState: Equatable, Sendable { var ticks = 0 }
private enum AttackTickAction: Equatable, Sendable { case start(count: Int), tick, gated, done, paced }
private struct AttackTickEnvironment: Sendable {
  var clock: TestClock
  var gate: @Sendable () async -> Void = {}
}

private let attackTickReducer = Reducer<AttackTickState, AttackTickAction, AttackTickEnvironment> {
  state, action, environment in
  switch action {
  case .start(let count):
    return .run { send in
      for _ in 0..<count {
        try await environment.clock.sleep(for: .seconds(1))
        await send(.tick)
      }
    }
  case .tick:
    state.ticks += 1
    return .none
  case .gated:
    return .run { send in
      try await environment.clock.sleep(for: .seconds(1))
      await environment.gate()
      await send(.done)
    }
  case .done:
    return .none
  case .paced:
    // Waits for something else (a real sleep) after each wake, then sleeps on the clock again.
    return .run { send in
      for _ in 0..<3 {
        try await environment.clock.sleep(for: .seconds(1))
        try await Task.sleep(for: .milliseconds(20))
        await send(.tick)
      }
    }
  }
}

/// Keeps pool threads and the main actor busy (spinning 2 ms between yields) until stopped, or 60
/// seconds at most.
private final class BusyProcess: Sendable {
  private let stopped = Locked(false)
  private let tasks = Locked<[Task<Void, Never>]>([])

  init(poolTasks: Int, mainActor: Bool) {
    var started: [Task<Void, Never>] = []
    for _ in 0..<poolTasks {
      started.append(Task.detached { [stopped] in await Self.spin(until: stopped) })
    }
    if mainActor {
      started.append(Task { @MainActor [stopped] in await Self.spin(until: stopped) })
    }
    tasks.withLock { $0 = started }
  }

  private static func spin(isolation: isolated (any Actor)? = #isolation, until stopped: Locked<Bool>) async {
    let end = ContinuousClock.now.advanced(by: .seconds(60))
    while !stopped.withLock({ $0 }), ContinuousClock.now < end {
      let slice = ContinuousClock.now.advanced(by: .milliseconds(2))
      while ContinuousClock.now < slice {}
      await Task.yield()
    }
  }

  func stop() async {
    stopped.withLock { $0 = true }
    for task in tasks.withLock({ $0 }) { await task.value }
  }
}

/// `waitUntil` for a condition made on the main actor.
private func eventually(_ isDone: @Sendable () -> Bool) async -> Bool {
  await waitUntil(isDone)
}

/// A store running `attackTickReducer` on `clock`, whose gated effect waits for `gate` after it
/// wakes.
@MainActor private func tickStore(
  _ clock: TestClock, gate: @escaping @Sendable () async -> Void = {}
) -> TestStore<AttackTickState, AttackTickAction, AttackTickEnvironment> {
  TestStore(
    initialState: AttackTickState(), reducer: attackTickReducer,
    environment: AttackTickEnvironment(clock: clock, gate: gate))
}

/// Receives the ticks `ticks` counts up through, then (unless told otherwise) finishes `store`.
@MainActor private func receiveTicks(
  _ ticks: ClosedRange<Int>, from store: TestStore<AttackTickState, AttackTickAction, AttackTickEnvironment>,
  finishing: Bool = true
) async {
  for tick in ticks {
    await store.receive(.tick) { $0.ticks = tick }
  }
  if finishing { await store.finish() }
}

/// A store on a clock with `limits` that was sent `.gated`: its effect waits for the gate after it
/// wakes.
@MainActor private func gatedStore(
  limits: SettleLimits
) async -> (TestClock, Gate, TestStore<AttackTickState, AttackTickAction, AttackTickEnvironment>) {
  let clock = TestClock(limits: limits)
  let gate = Gate()
  let store = tickStore(clock, gate: gate.wait)
  await store.send(.gated)
  return (clock, gate, store)
}

/// A continuation the test resumes later, and a gate for an effect that waits for it.
private final class Gate: Sendable {
  private let waiting = Locked<CheckedContinuation<Void, Never>?>(nil)

  var isWaiting: Bool { waiting.withLock { $0 != nil } }

  func wait() async {
    await withCheckedContinuation { continuation in waiting.withLock { $0 = continuation } }
  }

  func open() { waiting.withLock { $0.take() }?.resume() }
}

/// Tasks that each sleep a second on `clock` in a loop, counting their ticks, until cancelled.
private func timers(_ count: Int, on clock: TestClock, ticks: Locked<Int>) -> [Task<Void, any Error>] {
  (0..<count).map { _ in
    Task.detached {
      while true {
        try await clock.sleep(for: .seconds(1))
        ticks.withLock { $0 += 1 }
      }
    }
  }
}

/// Serialized: the busy-process test would slow the others' woken tasks.
@Suite(.serialized) struct AttackTestClockTests {
  // MARK: Advances from several tasks

  /// Two advances at once take turns: together they move time 10 seconds, and a timer ticks once
  /// a second of it. (Before: both aimed at 5 seconds; while the first waited for the woken timer,
  /// the second found no sleeper due and moved time to 5, so the timer ticked once.)
  @MainActor @Test func twoAdvancesAtOnceTakeTurns() async {
    let clock = TestClock()
    let store = tickStore(clock)
    await store.send(.start(count: 10))
    async let first: Void = clock.advance(by: .seconds(5))
    async let second: Void = clock.advance(by: .seconds(5))
    _ = await (first, second)
    #expect(clock.now.offset == .seconds(10))
    await receiveTicks(1...10, from: store)
  }

  /// An advance that starts while a run moves time waits for the run to end, then moves time on
  /// from where the run left it. (Before: the advance hid the woken effect from the run, which
  /// found no sleeper and ended early.)
  @MainActor @Test func anAdvanceDuringARunWaitsForIt() async {
    let clock = TestClock()
    let store = tickStore(clock)
    await store.send(.start(count: 3))
    let running = Task { await clock.run() }
    #expect(await eventually { clock.now.offset >= .seconds(1) })
    await clock.advance(by: .seconds(2))
    await running.value
    #expect(clock.now.offset == .seconds(5))
    await receiveTicks(1...3, from: store)
  }

  /// A task woken by an advance that advances the clock itself waits for that advance to return,
  /// then moves time on from where it left the clock: no deadlock.
  @Test func aWokenTaskThatAdvancesWaitsForTheAdvanceThatWokeIt() async throws {
    let clock = TestClock()
    let advancer = Task {
      try await clock.sleep(for: .seconds(1))
      await clock.advance(by: .seconds(1))
      return clock.now.offset
    }
    await waitForSleepers(on: clock, count: 1)
    await clock.advance(by: .seconds(1))
    #expect(try await outcome(of: advancer).get() == .seconds(2))
  }

  // MARK: Cancellation

  /// Cancelling the task that advances ends its wait for the woken effect (which waits for the
  /// test): with a 60-second limit for the effect, the advance still returns. (Before: it waited
  /// the whole limit.)
  @MainActor @Test func cancellingAnAdvanceEndsItsWaitForAWokenEffect() async {
    let (clock, gate, store) = await gatedStore(
      limits: SettleLimits(task: .seconds(60), effect: .seconds(60)))
    let ended = Locked(false)
    let advancing = Task {
      await clock.advance(by: .seconds(1))
      ended.withLock { $0 = true }
    }
    #expect(await eventually { gate.isWaiting })
    advancing.cancel()
    #expect(await eventually { ended.withLock { $0 } }, "the cancelled advance still waits")
    gate.open()
    await advancing.value
    await store.receive(.done)
    await store.finish()
  }

  /// Cancelling the task that runs ends the run soon (it wakes the sleepers due without waiting
  /// for them, and returns once none is left) and reports nothing, though timers sleep again.
  @Test func cancellingARunStopsIt() async {
    let clock = TestClock()
    let ticks = Locked(0)
    let running = timers(10, on: clock, ticks: ticks)
    await waitForSleepers(on: clock, count: 10)
    let ended = Locked(false)
    let run = Task {
      let issues = await recordedIssues { await clock.run(timeout: .seconds(60)) }
      ended.withLock { $0 = true }
      return issues
    }
    #expect(await waitUntil { ticks.withLock { $0 } >= 20 })
    run.cancel()
    #expect(await waitUntil { ended.withLock { $0 } }, "the cancelled run goes on")
    for timer in running { timer.cancel() }
    #expect(await run.value == [])
    for timer in running {
      await #expect(throws: CancellationError.self) { try await outcome(of: timer).get() }
    }
  }

  /// Sleepers cancelled while an advance wakes others with the same deadline throw at once; the
  /// advance wakes the rest in the order they began to sleep.
  @Test func sleepersCancelledMidAdvanceThrowAndTheRestWakeInOrder() async {
    let clock = TestClock()
    let count = StressScale.scaled(1000)
    let woken = Locked<[Int]>([])
    var sleepers: [Task<Void, any Error>] = []
    for index in 0..<count {
      sleepers.append(
        Task {
          try await clock.sleep(for: .seconds(1))
          woken.withLock { $0.append(index) }
        })
      await waitForSleepers(on: clock, count: index + 1)
    }
    let advancing = Task { await clock.advance(by: .seconds(1)) }
    #expect(await waitUntil { !woken.withLock { $0.isEmpty } })
    let cancelled = Set(stride(from: 1, to: count, by: 2))
    for index in cancelled { sleepers[index].cancel() }
    await advancing.value
    var thrown: Set<Int> = []
    for (index, sleeper) in sleepers.enumerated() {
      if case .failure(let error) = await outcome(of: sleeper) {
        #expect(error is CancellationError)
        thrown.insert(index)
      }
    }
    #expect(thrown.isSubset(of: cancelled))
    let order = woken.withLock { $0 }
    #expect(order == order.sorted())
    #expect(order.count + thrown.count == count)
    #expect(clock.sleeperCount == 0)
  }

  // MARK: A busy process

  /// With the pool and the main actor kept busy, an effect's timer ticks once per second of an
  /// advance, in order, and `run()` wakes it until it ends.
  @MainActor @Test func aBusyProcessLosesNoTickOfAnEffect() async {
    let clock = TestClock()
    let store = tickStore(clock)
    let busy = BusyProcess(poolTasks: 1, mainActor: true)
    await store.send(.start(count: 5))
    await clock.advance(by: .seconds(3))
    await receiveTicks(1...3, from: store, finishing: false)
    await clock.run()
    await receiveTicks(4...5, from: store)
    await busy.stop()
  }

  // MARK: Woken work that waits for something else

  /// An effect that waits for a real sleep after each wake still ticks once per second of an
  /// advance: the clock waits for its next sleep.
  @MainActor @Test func anEffectThatSleepsForRealAfterWakingLosesNoTick() async {
    let clock = TestClock()
    let store = tickStore(clock)
    await store.send(.paced)
    await clock.advance(by: .seconds(3))
    await receiveTicks(1...3, from: store)
  }

  /// An effect that waits for the test after waking: the advance gives up on it after its limit
  /// and returns, and the effect goes on once the test opens the gate.
  @MainActor @Test func anAdvanceGivesUpOnAnEffectThatWaitsForTheTest() async {
    let (clock, gate, store) = await gatedStore(
      limits: SettleLimits(task: .seconds(1), effect: .milliseconds(100)))
    await clock.advance(by: .seconds(1))
    #expect(gate.isWaiting)
    gate.open()
    await store.receive(.done)
    await store.finish()
  }

  /// A plain task that waits for an `AsyncStream` after waking: the advance returns, and the task
  /// goes on with the element the test yields.
  @Test func anAdvanceReturnsWhileAWokenTaskWaitsForAStream() async throws {
    let clock = TestClock()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let reader = Task {
      try await clock.sleep(for: .seconds(1))
      for await element in stream { return element }
      return -1
    }
    await waitForSleepers(on: clock, count: 1)
    await clock.advance(by: .seconds(1))
    continuation.yield(7)
    #expect(try await outcome(of: reader).get() == 7)
  }

  // MARK: Many advances, many sleepers

  /// Many advances in a row move time by their sum, and an effect's timer ticks at each. (Run
  /// with 100,000 advances: all 100,000 ticks, RSS grew by 80 KB.)
  @MainActor @Test func manyAdvancesMoveTimeByTheirSum() async {
    let clock = TestClock()
    let count = StressScale.scaled(2000)
    let store = tickStore(clock)
    await store.send(.start(count: count))
    for _ in 0..<count { await clock.advance(by: .seconds(1)) }
    #expect(clock.now.offset == .seconds(count))
    await receiveTicks(1...count, from: store)
  }

  // MARK: Sleepers outside a test's task

  /// Sleepers in a detached task and in a task that a thread's callback started wake at their
  /// deadlines.
  @Test func sleepersFromADetachedTaskAndAThreadCallbackWake() async throws {
    let clock = TestClock()
    let detached = Task.detached {
      try await clock.sleep(for: .seconds(1))
      return clock.now.offset
    }
    let thread = WorkerThread(name: "AttackTestClockTests.callback")
    let fromThread = try #require(
      thread.run {
        Task {
          try await clock.sleep(for: .seconds(2))
          return clock.now.offset
        }
      })
    thread.stop()
    await waitForSleepers(on: clock, count: 2)
    await clock.advance(by: .seconds(2))
    #expect(try await outcome(of: detached).get() == .seconds(1))
    #expect(try await outcome(of: fromThread).get() == .seconds(2))
  }

  // MARK: Misuse

  /// A negative run timeout is reported as what it is, and moves no time. (Before: "timed out
  /// after -1.0 seconds", and "give it more time".)
  @Test func aNegativeRunTimeoutIsReportedAndMovesNoTime() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await waitForSleepers(on: clock, count: 1)
    let texts = await recordedIssues { await clock.run(timeout: .seconds(-1)) }
    #expect(
      texts == [
        """
        TestClock.run(timeout: -1.0 seconds) was called with a negative timeout.

        run() moves time for at most its timeout, so it moved none. To fix: pass run(timeout:) a \
        duration of zero or more (5 seconds unless given).
        """
      ])
    #expect(clock.now.offset == .zero)
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await outcome(of: sleeper).get() }
  }

  /// `run(timeout: .zero)` wakes no sleeper and reports those left at once.
  @Test func aRunWithATimeoutOfZeroReportsTheSleepersLeft() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await waitForSleepers(on: clock, count: 1)
    let texts = await recordedIssues { await clock.run(timeout: .zero) }
    #expect(
      texts == [
        """
        TestClock.run() timed out after 0.0 seconds with 1 sleeper left.

          Now: 0.0 seconds
          Sleeping until 1.0 seconds

        run() wakes sleepers until none is left, but these slept again each time they woke, as a \
        timer or a loop that sleeps does. To fix: end the repeating work before run() (cancel its \
        effect or its task), or move time with advance(by:), which stops; if the work does end, \
        give it more time with run(timeout:).
        """
      ])
    await clock.advance(by: .seconds(1))
    if case .failure(let error) = await outcome(of: sleeper) { Issue.record(error) }
  }
}
