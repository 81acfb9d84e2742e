import DepsCore
import DepsTesting
import Testing

@Suite struct TestClockTests {
  /// Waits (without time passing on `clock`) until `count` sleepers are registered.
  private func waitForSleepers(_ clock: TestClock, _ count: Int) async {
    while clock.sleeperCount < count { await Task.yield() }
  }

  @Test func sleepersWakeInDeadlineOrder() async {
    for _ in 0..<50 {
      let clock = TestClock()
      let woken = Locked<[Int]>([])
      let tasks = [3, 1, 2].map { seconds in
        Task {
          try await clock.sleep(for: .seconds(seconds))
          woken.withLock { $0.append(seconds) }
        }
      }
      await waitForSleepers(clock, 3)
      await clock.advance(by: .seconds(1))
      #expect(woken.withLock { $0 } == [1])
      await clock.advance(by: .seconds(2))
      for task in tasks { try? await task.value }
      #expect(woken.withLock { $0 } == [1, 2, 3])
      #expect(clock.now == TestClock.Instant(offset: .seconds(3)))
    }
  }

  @Test func runWakesEverySleeper() async {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(10)) }
    await waitForSleepers(clock, 1)
    await clock.run()
    #expect((try? await task.value) != nil)
    #expect(clock.now.offset == .seconds(10))
  }

  @Test func aSleeperCancelledWhileWaitingThrowsCancellationError() async {
    for _ in 0..<50 {
      let clock = TestClock()
      let task = Task { try await clock.sleep(for: .seconds(1)) }
      await waitForSleepers(clock, 1)
      task.cancel()
      await #expect(throws: CancellationError.self) { try await task.value }
      #expect(clock.sleeperCount == 0)
    }
  }

  @Test func aSleeperCancelledBeforeItSleepsThrows() async {
    let clock = TestClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func negativeAdvanceWarnsAndLeavesTimeAsItWas() async {
    let clock = TestClock()
    let (_, warnings) = await RuntimeWarnings.recording {
      await clock.advance(by: .seconds(-1))
    }
    #expect(
      warnings == [
        """
        TestClock.advance(by: -1.0 seconds) was called with a negative duration.

        A clock's time never goes back, so the time was left as it was. To fix: pass advance(by:) \
        a duration of zero or more.
        """
      ])
    #expect(clock.now.offset == .zero)
  }

  @Test func immediateClockSleepsReturnAtOnce() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(60))
    #expect(clock.now.offset == .seconds(60))
  }
}
