import DepsCore
import DepsReducer
import DepsTestSupport
import DepsTesting
import Testing

// `debounce`: only the last of the effects started within the interval runs, and an effect is not
// started until its interval has passed.
//
// Ported from The Composable Architecture 0.x's `EffectDebounceTests.swift` (tags 0.39.0–0.47.2),
// on a `TestClock` for TCA's test scheduler.

private struct DebounceID: Hashable, Sendable {}

@MainActor
@Suite(.tags(.portedFromTCA), .timeLimit(.minutes(1)))
struct DebounceTests {
  // EffectDebounceTests.testDebounce
  @Test func debounce() async {
    let clock = TestClock()
    let store = clockStore { n in
      Effect.send(.value(n)).debounce(id: DebounceID(), for: .seconds(1), clock: clock)
    }
    let first = store.send(.start(1))
    // Nothing emits right away.
    #expect(store.state == [])
    await waitForSleepers(on: clock, count: 1)
    // Waiting half the time also emits nothing.
    await clock.advance(by: .milliseconds(500))
    #expect(store.state == [])
    // Run another debounced effect.
    let second = store.send(.start(2))
    await waitForSleepers(on: clock, count: 1)
    // Waiting half the time emits nothing because the first debounced effect has been cancelled.
    await clock.advance(by: .milliseconds(500))
    #expect(store.state == [])
    // Run another debounced effect.
    let third = store.send(.start(3))
    await waitForSleepers(on: clock, count: 1)
    // Waiting half the time emits nothing because the second debounced effect has been cancelled.
    await clock.advance(by: .milliseconds(500))
    #expect(store.state == [])
    // Waiting the rest of the time emits the final effect value.
    await clock.advance(by: .milliseconds(500))
    await third.finish()
    #expect(store.state == [3])
    // Running out the clock.
    await clock.run()
    await first.finish()
    await second.finish()
    #expect(store.state == [3])
  }

  // EffectDebounceTests.testDebounceIsLazy
  @Test func debounceIsLazy() async {
    let clock = TestClock()
    let effectRuns = Locked(0)
    let store = clockStore { n in
      Effect.run { send in
        effectRuns.withLock { $0 += 1 }
        await send(.value(n))
      }
      .debounce(id: DebounceID(), for: .seconds(1), clock: clock)
    }
    let task = store.send(.start(1))
    #expect(store.state == [])
    #expect(effectRuns.withLock { $0 } == 0)
    await waitForSleepers(on: clock, count: 1)
    await clock.advance(by: .milliseconds(500))
    #expect(store.state == [])
    #expect(effectRuns.withLock { $0 } == 0)
    await clock.advance(by: .milliseconds(500))
    await task.finish()
    #expect(store.state == [1])
    #expect(effectRuns.withLock { $0 } == 1)
  }
}
