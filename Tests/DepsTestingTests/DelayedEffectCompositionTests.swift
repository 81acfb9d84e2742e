import DepsCore
import DepsReducer
import DepsTestSupport
import DepsTesting
import Testing

// Composing effects that sleep on a clock: a concatenation runs one after another, a merge runs
// them together and fuses, and a `.run` that sends over time (TCA's subscriber initializer) sends
// until it is cancelled.
//
// Ported from The Composable Architecture 0.x (tags 0.39.0–0.47.2), the tests of `EffectTests.swift`
// and `EffectOperationTests.swift` that move a scheduler's time: TCA's `DispatchQueue.test` becomes
// this library's `TestClock`, and the effects run in a `Store` whose state records what they sent.
// The other composition tests are in DepsReducerTests/EffectCompositionTests.swift.

@MainActor
@Suite(.tags(.portedFromTCA), .timeLimit(.minutes(1)))
struct DelayedEffectCompositionTests {
  // EffectTests.testConcatenate
  @Test func concatenate() async {
    let clock = TestClock()
    let store = clockStore { _ in
      .concatenate(
        (1...3).map { count in
          .run { send in
            try await clock.sleep(for: .seconds(count))
            await send(.value(count))
          }
        })
    }
    let task = store.send(.start(0))
    #expect(store.state == [])
    await waitForSleepers(on: clock, count: 1)
    await clock.advance(by: .seconds(1))
    await waitForState(store) { $0 == [1] }
    await waitForSleepers(on: clock, count: 1)
    await clock.advance(by: .seconds(2))
    await waitForState(store) { $0 == [1, 2] }
    await waitForSleepers(on: clock, count: 1)
    await clock.advance(by: .seconds(3))
    await task.finish()
    #expect(store.state == [1, 2, 3])
    await clock.run()
    #expect(store.state == [1, 2, 3])
  }

  // EffectTests.testConcatenateOneEffect
  @Test func concatenateOneEffect() async {
    let clock = TestClock()
    let store = clockStore { _ in
      .concatenate(
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.value(1))
        })
    }
    let task = store.send(.start(0))
    #expect(store.state == [])
    await waitForSleepers(on: clock, count: 1)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state == [1])
    await clock.run()
    #expect(store.state == [1])
  }

  // EffectTests.testMerge
  @Test func merge() async {
    let clock = TestClock()
    let store = clockStore { _ in
      .merge(
        (1...3).map { count in
          .run { send in
            try await clock.sleep(for: .seconds(count))
            await send(.value(count))
          }
        })
    }
    let task = store.send(.start(0))
    #expect(store.state == [])
    await waitForSleepers(on: clock, count: 3)
    await clock.advance(by: .seconds(1))
    await waitForState(store) { $0 == [1] }
    await clock.advance(by: .seconds(1))
    await waitForState(store) { $0 == [1, 2] }
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state == [1, 2, 3])
  }

  // EffectTests.testEffectSubscriberInitializer (TCA's `Effect.run { subscriber in … }` with a
  // scheduler; here a `.run` that sends, sleeps on the clock and sends again).
  @Test func effectSubscriberInitializer() async {
    let clock = TestClock()
    let store = clockStore { _ in
      .run { send in
        await send(.value(1))
        await send(.value(2))
        try await clock.sleep(for: .seconds(1))
        await send(.value(3))
        try await clock.sleep(for: .seconds(1))
        await send(.value(4))
      }
    }
    let task = store.send(.start(0))
    await waitForState(store) { $0 == [1, 2] }
    #expect(store.runningEffectCount == 1)
    await waitForSleepers(on: clock, count: 1)
    await clock.advance(by: .seconds(1))
    await waitForState(store) { $0 == [1, 2, 3] }
    #expect(store.runningEffectCount == 1)
    await waitForSleepers(on: clock, count: 1)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state == [1, 2, 3, 4])
    #expect(store.runningEffectCount == 0)
  }

  // EffectTests.testEffectSubscriberInitializer_WithCancellation
  @Test func effectSubscriberInitializerWithCancellation() async {
    let clock = TestClock()
    let store = clockStore { _ in
      .run { send in
        await send(.value(1))
        try await clock.sleep(for: .seconds(1))
        await send(.value(2))
      }
      .cancellable(id: ClockCancelID())
    }
    let task = store.send(.start(0))
    await waitForState(store) { $0 == [1] }
    store.send(.cancel)
    await clock.advance(by: .seconds(1))
    // The cancelled effect completes.
    await task.finish()
    #expect(store.state == [1])
    #expect(store.runningEffectCount == 0)
  }

  // EffectOperationTests.testMergeFuses (TCA sleeps 0.1 s and 0.5 s for real; here on a TestClock)
  @Test func mergeFuses() async {
    let clock = TestClock()
    let store = clockStore { _ in
      .merge(
        .run { send in
          try await clock.sleep(for: .milliseconds(100))
          await send(.value(42))
        },
        .run { send in
          try await clock.sleep(for: .milliseconds(500))
          await send(.value(1729))
        })
    }
    let task = store.send(.start(0))
    await waitForSleepers(on: clock, count: 2)
    await clock.run()
    await task.finish()
    #expect(store.state == [42, 1729])
  }
}
