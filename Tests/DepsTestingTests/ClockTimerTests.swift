import DepsCore
import DepsReducer
import DepsTesting
import Testing

@Suite struct ClockTimerTests {
  @Test func aTimerOnAnyClockTicksOncePerIntervalOfAnAdvance() async {
    let testClock = TestClock()
    let clock: any Clock<Duration> = testClock
    let ticks = Locked<[Duration]>([])
    let ended = Locked(false)
    let task = Task {
      for await elapsed in clock.timer(interval: .seconds(1)) {
        ticks.withLock { $0.append(elapsed) }
      }
      ended.withLock { $0 = true }
    }
    await waitForSleepers(on: testClock, count: 1)
    await testClock.advance(by: .seconds(3))
    #expect(ticks.withLock { $0 } == [.seconds(1), .seconds(2), .seconds(3)])
    await testClock.advance(by: .milliseconds(500))
    #expect(ticks.withLock { $0 }.count == 3)

    // The sequence ends when the iterating task is cancelled.
    task.cancel()
    #expect(await waitUntil { ended.withLock { $0 } })
  }

  @Test func eachTickIsTheTimeSinceTheTimerStarted() async {
    let clock = ImmediateClock()
    try? await clock.sleep(for: .seconds(10))
    var ticks: [Duration] = []
    // The timer divides durations (a Double): its ticks stay whole tenths of a second all the
    // same, none skipped.
    for await elapsed in clock.timer(interval: .milliseconds(100)) {
      ticks.append(elapsed)
      if ticks.count == 30 { break }
    }
    #expect(ticks == (1...30).map { .milliseconds(100) * $0 })
    #expect(clock.now.offset == .seconds(13))
  }

  // Ticks come at whole intervals from the start: one that came due while the last was handled is
  // skipped, not delivered at once.
  @Test func aTickThatCameDueWhileTheLastWasHandledIsSkipped() async {
    let clock = TestClock()
    let ticks = Locked<[Duration]>([])
    let task = Task {
      for await elapsed in clock.timer(interval: .seconds(1)) {
        ticks.withLock { $0.append(elapsed) }
        if elapsed == .seconds(1) { try? await clock.sleep(for: .milliseconds(2500)) }
      }
    }
    await waitForSleepers(on: clock, count: 1)
    await clock.advance(by: .seconds(5))
    #expect(ticks.withLock { $0 } == [.seconds(1), .seconds(4), .seconds(5)])
    task.cancel()
    _ = await task.result
  }

  // A tick due at the instant the last one's work ends is skipped too. Durations divide as
  // Doubles (7 intervals of 999,999,999 ns divide to 6.999…): the timer counts whole intervals
  // exactly all the same.
  @Test func aTickDueJustAsTheLastOneEndsIsSkipped() async {
    let clock = TestClock()
    let interval = Duration.nanoseconds(999_999_999)
    let ticks = Locked<[Duration]>([])
    let task = Task {
      for await elapsed in clock.timer(interval: interval) {
        ticks.withLock { $0.append(elapsed) }
        if elapsed == interval { try? await clock.sleep(for: interval * 6) }
      }
    }
    await waitForSleepers(on: clock, count: 1)
    await clock.advance(by: interval * 8)
    #expect(ticks.withLock { $0 } == [interval, interval * 8])
    task.cancel()
    _ = await task.result
  }

  @MainActor @Test func aTimerEffectInATestStoreTicksOncePerSecondOfAnAdvance() async {
    for _ in 0..<10 {
      let clock = TestClock()
      let store = TestStore(
        initialState: 0,
        reducer: Reducer<Int, TickAction, TickEnvironment> { state, action, environment in
          switch action {
          case .start:
            return .run { [clock = environment.clock] send in
              for await _ in clock.timer(interval: .seconds(1)) {
                await send(.tick)
              }
            }
          case .tick:
            state += 1
            return .none
          }
        },
        environment: TickEnvironment(clock: clock))
      let timer = await store.send(.start)
      // The effect's task may not have reached its first sleep yet: time moved before it would
      // start the timer from second 3.
      await waitForSleepers(on: clock, count: 1)
      await clock.advance(by: .seconds(3))
      await store.receive(.tick) { $0 = 1 }
      await store.receive(.tick) { $0 = 2 }
      await store.receive(.tick) { $0 = 3 }
      await timer.cancel()
      await store.finish()
    }
  }

  @Test func anIntervalOfZeroWarnsAndEndsAtOnce() async {
    let (ticks, warnings) = await RuntimeWarnings.recording {
      var ticks = 0
      for await _ in ImmediateClock().timer(interval: .zero) { ticks += 1 }
      return ticks
    }
    #expect(ticks == 0)
    #expect(
      warnings == [
        """
        timer(interval: 0.0 seconds) was called with an interval of zero or less.

        A timer ticks once every interval, and this one would never stop ticking, so it ends at \
        once. To fix: pass timer(interval:) a duration greater than zero.
        """
      ])
  }
}
