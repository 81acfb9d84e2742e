import DepsCore
import DepsReducer
import DepsTesting
import Testing

@MainActor
@Suite struct UnimplementedClockTests {
  nonisolated static func failure(_ endpoint: String) -> String {
    """
    Unimplemented: \(endpoint) was called.

    An UnimplementedClock stands for a clock that must not be used: a test that sleeps on it or \
    reads its time must give the code under test a clock. To fix: give the test a TestClock or an \
    ImmediateClock, e.g. env.with(\\.continuousClock, TestClock()) or \
    withDependencies { $0.continuousClock = TestClock() } operation: { ... }.
    """
  }

  @Test func aSleepFailsTheTestThenReturnsAtOnce() async {
    let clock: any Clock<Duration> = UnimplementedClock()
    let slept = Locked(false)
    // sleep(for:) reads `now`, then sleeps until `now` plus the duration.
    await expectFailures([Self.failure("Clock.now"), Self.failure("Clock.sleep")]) {
      do {
        try await clock.sleep(for: .seconds(60))
        slept.withLock { $0 = true }
      } catch {}
    }
    #expect(slept.withLock { $0 })
  }

  @Test func theFailureNamesTheClock() async {
    let clock = UnimplementedClock(name: "ContinuousClock")
    await expectFailures([Self.failure("ContinuousClock.sleep")]) {
      try? await clock.sleep(until: .init(offset: .seconds(1)))
    }
    await expectFailures([Self.failure("ContinuousClock.now")]) {
      // The sleep moved the clock to its deadline, as an ImmediateClock's does.
      #expect(clock.now.offset == .seconds(1))
    }
  }

  @Test func theFailureIsReportedWhereTheClockWasMade() {
    let line = #line + 1
    let clock = UnimplementedClock()
    withKnownIssue {
      _ = clock.now
    } matching: { issue in
      issue.sourceLocation?.fileID == #fileID && issue.sourceLocation?.line == line
    }
  }

  @Test func aCancelledSleepThrowsCancellationError() async {
    let clock = UnimplementedClock()
    await expectFailures([Self.failure("Clock.sleep")]) {
      let task = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        try await clock.sleep(until: .init(offset: .seconds(1)))
      }
      await #expect(throws: CancellationError.self) { try await task.value }
    }
  }

  @Test func outsideTestsItWarnsAndGoesOnAsAnImmediateClock() {
    let live = DependencyContext.Detection(context: .live, reason: "no test runner started it")
    let (_, warnings) = RuntimeWarnings.recording {
      UnimplementedClock().call("sleep").report(threw: false, detection: live)
    }
    #expect(
      warnings == [
        Self.failure("Clock.sleep")
          + "\n\nOutside tests it went on as an ImmediateClock. This process runs in the live "
          + "context: no test runner started it."
      ])
  }
}
