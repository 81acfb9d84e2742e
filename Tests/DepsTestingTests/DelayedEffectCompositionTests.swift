import DepsCore
import DepsReducer
import DepsTesting
import Testing

// Ports of The Composable Architecture 0.x effect tests (tags 0.39.0–0.47.2) that move a
// scheduler's time: from `EffectCancellationTests.swift`, `EffectDebounceTests.swift`,
// `EffectTests.swift` and `EffectOperationTests.swift`. TCA's `DispatchQueue.test` (and its
// `TestClock` in 0.47) becomes this library's `TestClock`; the effects run in a `Store` whose
// state records what they sent. They live in this target because `DepsReducerTests` does not
// link `DepsTesting`, where `TestClock` is; the other effect ports are in
// `DepsReducerTests/TCAParityEffectTests.swift`.

private struct ClockCancelID: Hashable, Sendable {}
private struct DebounceID: Hashable, Sendable {}

private enum ClockAction: Equatable, Sendable {
  /// Starts the effect under test, number `n`.
  case start(Int)
  /// What the effects send; appended to the state.
  case value(Int)
  case cancel
}

/// A store whose `.start(n)` returns `effect(n)`, whose `.value`s are appended to the state, and
/// whose `.cancel` cancels `ClockCancelID()`.
@MainActor private func clockStore(
  _ effect: @escaping @Sendable (Int) -> Effect<ClockAction>
) -> Store<[Int], ClockAction, Void> {
  Store(
    initialState: [],
    reducer: Reducer { state, action, _ in
      switch action {
      case .start(let n):
        return effect(n)
      case .value(let value):
        state.append(value)
        return .none
      case .cancel:
        return .cancel(id: ClockCancelID())
      }
    },
    environment: ())
}

// TCA's tests move the scheduler right after starting an effect; here an effect a send just
// started may not have reached its sleep yet when `advance` looks (then it sleeps from the
// advanced time, and the test waits forever: written as TCA writes it, `merge` below hung in about
// 1 run of 50). Tests wait for the sleepers first, with `waitForSleepers(on:count:)`.

/// Waits until the store's state satisfies `predicate`, for effects that go on after sending.
@MainActor private func waitForState<State: Sendable, Action, Environment>(
  _ store: Store<State, Action, Environment>, _ predicate: (State) -> Bool
) async {
  if predicate(store.state) { return }
  for await state in store.states where predicate(state) { return }
}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TCAParityEffectClockTests {
  // MARK: EffectCancellationTests

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

  // MARK: EffectDebounceTests

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

  // MARK: EffectTests

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

  // MARK: EffectOperationTests

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
