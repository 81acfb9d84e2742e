import DepsReducer
import DepsTestSupport
import Foundation
import Testing

@testable import DepsTesting

/// A test store's waits (`receive`, `finish`, `TestStoreTask.finish`), attacked from outside: stuck
/// effects, a busy main actor, cancelled and parallel waiters, sends from other threads, released
/// stores, repeated finishes, zero and negative timeouts, long loops.
@MainActor
@Suite(.serialized) struct AttackTestStoreWaitTests {
  enum Action: Equatable, Sendable { case stuck, ping, answer, fromDetachedTask, fromThread, watched }

  /// Effects that never end (`.stuck`), that answer at once, that send from a detached task or
  /// after a thread's callback, and that record their cancellation (`.watched`).
  static func makeStore(cancelled: LockIsolated<Bool> = LockIsolated(false)) -> TestStore<
    Int, Action, Void
  > {
    TestStore(
      initialState: 0,
      reducer: Reducer { state, action, _ in
        switch action {
        case .stuck:
          return .run { _ in try await Task.sleep(for: .seconds(86_400)) }
        case .ping:
          state += 1
          return .none
        case .answer:
          return .run { send in await send(.ping) }
        case .fromDetachedTask:
          return .run { send in
            await Task.detached {
              try? await Task.sleep(for: .milliseconds(20))
              await send(.ping)
            }.value
          }
        case .fromThread:
          return .run { send in
            await withCheckedContinuation { continuation in
              Thread {
                usleep(20_000)
                continuation.resume()
              }.start()
            }
            await send(.ping)
          }
        case .watched:
          return .run { _ in
            await withTaskCancellationHandler {
              try? await Task.sleep(for: .seconds(86_400))
            } onCancel: {
              cancelled.setValue(true)
            }
          }
        }
      },
      environment: ())
  }

  static let stuckReceive = """
    receive(Action.ping) timed out after 0.1 seconds: no action was received.

    receive waits for the next action an effect sends. To fix: check that an effect sends this \
    action, or give slow effects more time with receive(_:timeout:).
    """

  static func stuckFinish(after timeout: String) -> String {
    """
    finish() timed out after \(timeout) with 1 effect still running.

    A TestStore is exhaustive: every effect must end before the test does. The running effects \
    were cancelled. To fix: send the actions that end them, use dependencies that return at once, \
    or give them more time with finish(timeout:).
    """
  }

  static func stuckTask(after timeout: String) -> String {
    """
    The effects of send(Action.stuck) were still running after \(timeout).

    TestStoreTask.finish(timeout:) waits for the effects one send started. To fix: send the \
    actions that end them, cancel them with await task.cancel(), or give them more time with \
    finish(timeout:).
    """
  }

  static func negative(_ call: String, _ timeout: String) -> String {
    """
    \(call) was given a negative timeout, \(timeout).

    A timeout is how long to wait for effects, in time they could run; a negative one is taken \
    as .zero, which checks once, without waiting. To fix: pass .zero or a positive timeout.
    """
  }

  // MARK: Stuck effects

  @Test func aStuckEffectIsReportedByEachWaitWithItsText() async {
    let store = Self.makeStore()
    let task = await store.send(.stuck)
    let texts = await failureTexts {
      await store.receive(.ping, timeout: .milliseconds(100))
      await task.finish(timeout: .milliseconds(100))
      await store.finish(timeout: .milliseconds(100))
    }
    #expect(
      texts == [
        Self.stuckReceive, Self.stuckTask(after: "0.1 seconds"), Self.stuckFinish(after: "0.1 seconds"),
      ])
  }

  /// With the main actor kept busy (jobs of 10 ms, one after another, as other tests' stores do),
  /// every poll counts at most 5 ms: a one-second wait ends at its real-time limit (here 1 s + 200 ms
  /// of slack), while the main actor is still busy, not when the work stops.
  @Test func aWaitEndsAtItsLimitWhileTheMainActorIsKeptBusy() async {
    let isBusy = LockIsolated(true)
    Self.keepTheMainActorBusy(while: isBusy)
    let start = ContinuousClock.now
    let isDone = await waitForEffects(timeout: .seconds(1), slack: .milliseconds(200)) { false }
    let wasBusy = isBusy.value
    isBusy.setValue(false)
    #expect(!isDone)
    #expect(wasBusy, "the wait ended only after the main actor was free again")
    #expect(ContinuousClock.now - start < .seconds(40), "the wait hung")
  }

  /// Runs jobs of 10 ms on the main actor, one after another, while `isBusy` holds, at most 20 s.
  private static func keepTheMainActorBusy(while isBusy: LockIsolated<Bool>) {
    let end = ContinuousClock.now.advanced(by: .seconds(20))
    Task.detached {
      while isBusy.value, ContinuousClock.now < end {
        await MainActor.run {
          let jobEnd = ContinuousClock.now.advanced(by: .milliseconds(10))
          while ContinuousClock.now < jobEnd {}
        }
      }
      isBusy.setValue(false)
    }
  }

  // MARK: The waiting task

  /// A cancelled waiter still waits its timeout (its polls' sleeps are not cut short, so it does
  /// not spin) and reports; it never hangs.
  @Test func aCancelledWaiterWaitsItsTimeoutAndReports() async {
    let store = Self.makeStore()
    await store.send(.stuck)
    let start = ContinuousClock.now
    let waiter = Task { @MainActor in
      await failureTexts { await store.finish(timeout: .milliseconds(300)) }
    }
    waiter.cancel()
    let texts = await waiter.value
    #expect(texts == [Self.stuckFinish(after: "0.3 seconds")])
    #expect(ContinuousClock.now - start < .seconds(40), "the cancelled wait hung")
  }

  @Test func aTaskIsFinishedFromANonisolatedFunction() async {
    let store = Self.makeStore()
    let task = await store.send(.stuck)
    let texts = await failureTexts { await Self.finishAwayFromTheMainActor(task) }
    #expect(texts == [Self.stuckTask(after: "0.1 seconds")])
    await store.skipInFlightEffects()
    await store.finish()
  }

  nonisolated private static func finishAwayFromTheMainActor(_ task: TestStoreTask) async {
    await task.finish(timeout: .milliseconds(100))
  }

  /// As many tests' stores waiting at once as a run of hundreds of tests: each reports its stuck
  /// effect, and none hangs.
  @Test func manyStoresWaitInParallel() async {
    // 20 at default scale: each failure is printed as a known issue.
    let count = StressScale.scaled(200)
    let start = ContinuousClock.now
    let texts = await failureTexts { await Self.finishStuckStores(count) }
    #expect(texts == Array(repeating: Self.stuckFinish(after: "0.2 seconds"), count: count))
    #expect(ContinuousClock.now - start < .seconds(40), "the parallel waits hung")
  }

  private static func finishStuckStores(_ count: Int) async {
    await withDiscardingTaskGroup { group in
      for _ in 0..<count {
        group.addTask { await Self.finishAStuckStore() }
      }
    }
  }

  private static func finishAStuckStore() async {
    let store = Self.makeStore()
    await store.send(.stuck)
    await store.finish(timeout: .milliseconds(200))
  }

  // MARK: Sends from elsewhere

  @Test func actionsSentFromADetachedTaskOrAThreadAreReceived() async {
    let store = Self.makeStore()
    for _ in 0..<StressScale.scaled(200) {
      await store.send(.fromDetachedTask)
      await store.receive(.ping) { $0 += 1 }
      await store.send(.fromThread)
      await store.receive(.ping) { $0 += 1 }
    }
    await store.finish()
  }

  // MARK: The store's lifetime

  @Test func aStoreReleasedWhileAnEffectRunsReportsAndCancelsIt() async {
    let cancelled = LockIsolated(false)
    let texts = await failureTexts {
      let store = Self.makeStore(cancelled: cancelled)
      await store.send(.watched)
    }
    #expect(
      texts == [
        """
        A TestStore was released without finish(), with 1 effect still running.

        A TestStore is exhaustive: a test must receive every action and let every effect end. \
        The running effects were cancelled. To fix: end the test with await store.finish(), after \
        receiving each action.
        """
      ])
    let end = ContinuousClock.now.advanced(by: .seconds(10))
    while !cancelled.value, ContinuousClock.now < end { try? await Task.sleep(for: .milliseconds(1)) }
    #expect(cancelled.value, "the released store's effect was not cancelled within 10 s")
  }

  @Test func finishAfterFinishFailsAtOnce() async {
    let store = Self.makeStore()
    await store.send(.stuck)
    let texts = await failureTexts {
      await store.finish(timeout: .milliseconds(50))
      await store.finish(timeout: .seconds(86_400))
    }
    #expect(
      texts == [
        Self.stuckFinish(after: "0.05 seconds"),
        """
        finish() was called on a TestStore after finish().

        finish() ends a TestStore's test: it checks that nothing is left and stops tracking \
        effects. To fix: call finish() once, at the end of the test, after every send and receive; \
        use a new TestStore for another test.
        """,
      ])
  }

  /// A limit, not fixed here: `TestStoreTask.cancel()` waits, without a bound, for effects that
  /// ignore cancellation (as TCA's does). Its signature (API.md) has no source location to report
  /// a failure at, so bounding it needs an API change; see the report of this suite.
  @Test func cancelWaitsWithoutABoundForAnEffectThatIgnoresCancellation() async {
    let release = LockIsolated<CheckedContinuation<Void, Never>?>(nil)
    let store = TestStore(
      initialState: 0,
      reducer: Reducer<Int, Action, Void> { _, action, _ in
        guard action == .stuck else { return .none }
        return .run { _ in
          await withCheckedContinuation { continuation in release.setValue(continuation) }
        }
      },
      environment: ())
    let task = await store.send(.stuck)
    let cancelled = LockIsolated(false)
    let canceller = Task {
      await task.cancel()
      cancelled.setValue(true)
    }
    try? await Task.sleep(for: .milliseconds(300))
    withKnownIssue("TestStoreTask.cancel() waits for an effect that ignores cancellation") {
      #expect(cancelled.value, "cancel() had not returned 300 ms after it was called")
    }
    // Ends the effect, so that cancel() returns and nothing is left running.
    let end = ContinuousClock.now.advanced(by: .seconds(10))
    while release.value == nil, ContinuousClock.now < end { try? await Task.sleep(for: .milliseconds(1)) }
    release.value?.resume()
    await canceller.value
    #expect(cancelled.value)
    await store.finish()
  }

  // MARK: Zero and negative timeouts

  /// `.zero` checks once, without waiting: what has arrived is received, a running effect is
  /// reported at once.
  @Test func aZeroTimeoutChecksOnceWithoutWaiting() async {
    let store = Self.makeStore()
    await store.send(.fromDetachedTask)
    await store.receive(.ping, timeout: .seconds(10)) { $0 = 1 }
    let task = await store.send(.stuck)
    let texts = await failureTexts {
      await store.receive(.ping, timeout: .zero)
      await task.finish(timeout: .zero)
      await store.finish(timeout: .zero)
    }
    #expect(
      texts == [
        Self.stuckReceive.replacingOccurrences(of: "0.1 seconds", with: "0.0 seconds"),
        Self.stuckTask(after: "0.0 seconds"), Self.stuckFinish(after: "0.0 seconds"),
      ])
  }

  /// A negative timeout is a misuse, reported whether or not the wait was needed, and taken as
  /// `.zero`.
  @Test func aNegativeTimeoutIsAMisuseTakenAsZero() async {
    let store = Self.makeStore()
    let texts = await failureTexts {
      await store.send(.fromDetachedTask)
      await store.receive(.ping, timeout: .seconds(10)) { $0 = 1 }
      let task = await store.send(.stuck)
      await store.receive(.ping, timeout: .milliseconds(-1))
      await task.finish(timeout: .seconds(-5))
      await store.finish(timeout: .milliseconds(-1))
    }
    #expect(
      texts == [
        Self.negative("receive(Action.ping)", "-0.001 seconds"),
        Self.stuckReceive.replacingOccurrences(of: "0.1 seconds", with: "0.0 seconds"),
        Self.negative("TestStoreTask.finish(timeout:)", "-5.0 seconds"),
        Self.stuckTask(after: "0.0 seconds"),
        Self.negative("finish(timeout:)", "-0.001 seconds"),
        Self.stuckFinish(after: "0.0 seconds"),
      ])
  }

  // MARK: Long loops

  @Test func manySendsWithoutEffects() async {
    let store = Self.makeStore()
    let count = StressScale.scaled(100_000)
    for _ in 0..<count { await store.send(.ping) { $0 += 1 } }
    #expect(store.state == count)
    await store.finish()
  }

  @Test func manyReceiveAndFinishCycles() async {
    for _ in 0..<StressScale.scaled(2_000) {
      let store = Self.makeStore()
      let task = await store.send(.answer)
      await store.receive(.ping) { $0 = 1 }
      await task.finish()
      await store.finish()
    }
  }
}
