import DepsCore
import DepsReducer
import DepsTestSupport
import DepsTesting
import Testing

// Cancelling effects that sleep on a clock: after a delay, under a shared id, at once, several ids
// at a time.
//
// Ported from The Composable Architecture 0.x's `EffectCancellationTests.swift` (tags
// 0.39.0–0.47.2), the tests that move a scheduler's time: TCA's `DispatchQueue.test` (and its
// `TestClock` in 0.47) becomes this library's `TestClock`, and the effects run in a `Store` whose
// state records what they sent. The other cancellation tests are in
// DepsReducerTests/EffectCancellationTests.swift.

@MainActor
@Suite(.tags(.portedFromTCA), .timeLimit(.minutes(1)))
struct DelayedEffectCancellationTests {
  // EffectCancellationTests.testCancellationAfterDelay_WithTestScheduler, and
  // .testCancellationAfterDelay (which waits on the real main queue; here the same on a TestClock)
  @Test func cancellationAfterDelay() async {
    let clock = TestClock()
    let store = clockStore { _ in
      .run { send in
        try await clock.sleep(for: .seconds(2))
        await send(.value(1))
      }
      .cancellable(id: ClockCancelID())
    }
    let task = store.send(.start(0))
    #expect(store.state == [])
    await waitForSleepers(on: clock, count: 1)
    await clock.advance(by: .seconds(1))
    store.send(.cancel)
    await clock.run()
    await task.finish()
    #expect(store.state == [])
  }

  // EffectCancellationTests.testSharedId: two effects under one id, neither cancelling the other.
  @Test func sharedId() async {
    let clock = TestClock()
    let store = clockStore { n in
      .run { send in
        try await clock.sleep(for: .seconds(n))
        await send(.value(n))
      }
      .cancellable(id: "id")
    }
    let first = store.send(.start(1))
    let second = store.send(.start(2))
    #expect(store.state == [])
    await waitForSleepers(on: clock, count: 2)
    await clock.advance(by: .seconds(1))
    await first.finish()
    #expect(store.state == [1])
    await clock.advance(by: .seconds(1))
    await second.finish()
    #expect(store.state == [1, 2])
  }

  // EffectCancellationTests.testImmediateCancellation (TCA drops the subscription at once; here
  // the StoreTask is cancelled at once).
  @Test func immediateCancellation() async {
    let clock = TestClock()
    let store = clockStore { _ in
      .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.value(1))
      }
      .cancellable(id: "id")
    }
    let task = store.send(.start(0))
    task.cancel()
    #expect(store.state == [])
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state == [])
  }

  // EffectCancellationTests.testMultipleCancellations (TCA's `.cancel(ids: [A(), C()])`; here a
  // merge of two `.cancel(id:)`s).
  @Test func multipleCancellations() async {
    enum ID: Hashable, Sendable { case a, b, c }
    let clock = TestClock()
    let ids: [(ID, Int)] = [(.a, 1), (.b, 2), (.c, 3)]
    let store = Store(
      initialState: [],
      reducer: Reducer<[Int], ClockAction, Void> { state, action, _ in
        switch action {
        case .start:
          return .merge(
            ids.map { id, value in
              Effect.run { send in
                try await clock.sleep(for: .seconds(1))
                await send(.value(value))
              }
              .cancellable(id: id)
            })
        case .value(let value):
          state.append(value)
          return .none
        case .cancel:
          return .merge(.cancel(id: ID.a), .cancel(id: ID.c))
        }
      },
      environment: ())
    let task = store.send(.start(0))
    store.send(.cancel)
    await waitForSleepers(on: clock, count: 1)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state == [2])
  }
}
