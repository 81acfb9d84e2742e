import ComposableDeps
import DepsCore
import DepsTestSupport
import DepsTesting
import Foundation
import Testing

// A TestStore asserting everything, as it does unless told otherwise: each state change, each
// action effects send (concatenated, merged, queued, long-living, cancelled), and what a failed
// assertion says; an assert closure sees the state before the action; effects see the store's
// dependencies.
//
// Ported from The Composable Architecture 0.x (tags 0.39.0–0.47.2): `TestStoreTests.swift`, and
// the TestStore tests of `StoreTests.swift`, `ReducerTests.swift` and `EffectTests.swift`. How the
// ports check TCA's expected failures: `failureTexts(_:)`.

private final class DateEnvironment: ComposableEnvironment {
  @Dependency(\.date) var date
}

@MainActor
@Suite(.tags(.portedFromTCA), .timeLimit(.minutes(1)))
struct ExhaustiveTestStoreTests {
  // TestStoreTests.testEffectConcatenation. TCA delays `concatenate(Effect(value: .b1),
  // Effect(value: .c1))` by a second; `.b1` and `.c1` return `concatenate`s of two synchronous
  // effects, whose actions TCA handles at once: b1, b2, b3, c1, c2, c3, as here.
  @Test func effectConcatenation() async {
    enum Action: Equatable, Sendable { case a, b1, b2, b3, c1, c2, c3, d }
    struct Environment: Sendable { let clock: TestClock }
    let reducer = Reducer<Int, Action, Environment> { _, action, environment in
      switch action {
      case .a:
        let clock = environment.clock
        return .merge(
          .concatenate(
            .run { _ in try await clock.sleep(for: .seconds(1)) },
            .concatenate(.send(.b1), .send(.c1))
          ),
          .run { _ in try await neverEnding() }.cancellable(id: 1)
        )
      case .b1:
        return .concatenate(.send(.b2), .send(.b3))
      case .c1:
        return .concatenate(.send(.c2), .send(.c3))
      case .b2, .b3, .c2, .c3:
        return .none
      case .d:
        return .cancel(id: 1)
      }
    }
    let failures = await failureTexts {
      let clock = TestClock()
      let store = TestStore(initialState: 0, reducer: reducer, environment: Environment(clock: clock))
      await store.send(.a)
      await waitForSleepers(on: clock, count: 1)
      await clock.advance(by: .seconds(1))
      await store.receive(.b1)
      await store.receive(.b2)
      await store.receive(.b3)
      await store.receive(.c1)
      await store.receive(.c2)
      await store.receive(.c3)
      await store.send(.d)
      await store.finish()
    }
    #expect(failures == [])
  }

  // TestStoreTests.testAsync (`.task { .response(42) }` is `.run` here)
  @Test func async() async {
    enum Action: Equatable, Sendable {
      case tap
      case response(Int)
    }
    let store = TestStore(
      initialState: 0,
      reducer: Reducer<Int, Action, Void> { state, action, _ in
        switch action {
        case .tap:
          return .run { send in await send(.response(42)) }
        case .response(let number):
          state = number
          return .none
        }
      },
      environment: ())
    await store.send(.tap)
    await store.receive(.response(42)) { $0 = 42 }
    await store.finish()
  }

  // TestStoreTests.testExpectedStateEquality
  @Test func expectedStateEquality() async {
    struct State: Equatable {
      var count = 0
      var isChanging = false
    }
    enum Action: Equatable, Sendable {
      case increment
      case changed(from: Int, to: Int)
    }
    let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case .increment:
        state.isChanging = true
        return .send(.changed(from: state.count, to: state.count + 1))
      case .changed(let from, let to):
        state.isChanging = false
        if state.count == from {
          state.count = to
        }
        return .none
      }
    }
    let store = TestStore(initialState: State(), reducer: reducer, environment: ())
    await store.send(.increment) { $0.isChanging = true }
    await store.receive(.changed(from: 0, to: 1)) {
      $0.isChanging = false
      $0.count = 1
    }
    // The closure changes nothing, and the state differs from it: a mismatch, reported before the
    // no-change rule (as in TCA).
    let sendFailures = await failureTexts {
      await store.send(.increment) { $0.isChanging = false }
    }
    #expect(sendFailures.count == 1)
    #expect(sendFailures.allSatisfy { $0.hasPrefix(mismatchText("send(Action.increment)")) })
    let receiveFailures = await failureTexts {
      await store.receive(.changed(from: 1, to: 2)) {
        $0.isChanging = true
        $0.count = 1100
      }
    }
    #expect(receiveFailures.count == 1)
    await store.finish()
  }

  // TestStoreTests.testExpectedStateEqualityMustModify; the text is API.md's.
  @Test func expectedStateEqualityMustModify() async {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable, Sendable { case noop, finished }
    let reducer = Reducer<State, Action, Void> { _, action, _ in
      switch action {
      case .noop:
        return .send(.finished)
      case .finished:
        return .none
      }
    }
    let store = TestStore(initialState: State(), reducer: reducer, environment: ())
    await store.send(.noop)
    await store.receive(.finished)
    let sendFailures = await failureTexts {
      await store.send(.noop) { $0.count = 0 }
    }
    #expect(sendFailures.count == 1)
    #expect(sendFailures.allSatisfy { $0.hasPrefix(noChangeText) })
    let receiveFailures = await failureTexts {
      await store.receive(.finished) { $0.count = 0 }
    }
    #expect(receiveFailures.count == 1)
    #expect(receiveFailures.allSatisfy { $0.hasPrefix(noChangeText) })
    await store.finish()
  }

  // TestStoreTests.testStateAccess: inside an assert closure, `store.state` is the state before
  // the action.
  @Test func stateAccess() async {
    enum Action: Equatable, Sendable { case a, b, c, d }
    let store = TestStore(
      initialState: 0,
      reducer: Reducer<Int, Action, Void> { count, action, _ in
        switch action {
        case .a:
          count += 1
          return .merge(.send(.b), .send(.c), .send(.d))
        case .b, .c, .d:
          count += 1
          return .none
        }
      },
      environment: ())
    await store.send(.a) {
      $0 = 1
      #expect(store.state == 0)
    }
    #expect(store.state == 1)
    await store.receive(.b) {
      $0 = 2
      #expect(store.state == 1)
    }
    #expect(store.state == 2)
    await store.receive(.c) {
      $0 = 3
      #expect(store.state == 2)
    }
    #expect(store.state == 3)
    await store.receive(.d) {
      $0 = 4
      #expect(store.state == 3)
    }
    #expect(store.state == 4)
    await store.finish()
  }

  // StoreTests.testActionQueuing (a Combine subject becomes an AsyncStream)
  @Test func actionQueuing() async {
    enum Action: Equatable, Sendable {
      case incrementTapped
      case `init`
      case doIncrement
    }
    let (stream, continuation) = AsyncStream<Void>.makeStream()
    let store = TestStore(
      initialState: 0,
      reducer: Reducer<Int, Action, Void> { state, action, _ in
        switch action {
        case .incrementTapped:
          continuation.yield()
          return .none
        case .`init`:
          return .run { send in
            for await _ in stream { await send(.doIncrement) }
          }
        case .doIncrement:
          state += 1
          return .none
        }
      },
      environment: ())
    await store.send(.`init`)
    await store.send(.incrementTapped)
    await store.receive(.doIncrement) { $0 = 1 }
    await store.send(.incrementTapped)
    await store.receive(.doIncrement) { $0 = 2 }
    continuation.finish()
    await store.finish()
  }

  // StoreTests.testCascadingTaskCancellation (`Empty(completeImmediately: false)` is an effect
  // that never ends by itself)
  @Test func cascadingTaskCancellation() async {
    enum Action: Equatable, Sendable { case task, response, response1, response2 }
    let reducer = Reducer<Int, Action, Void> { _, action, _ in
      switch action {
      case .task:
        return .run { send in await send(.response) }
      case .response:
        return .merge(.run { _ in try await neverEnding() }, .run { send in await send(.response1) })
      case .response1:
        return .merge(.run { _ in try await neverEnding() }, .run { send in await send(.response2) })
      case .response2:
        return .run { _ in try await neverEnding() }
      }
    }
    let store = TestStore(initialState: 0, reducer: reducer, environment: ())
    let task = await store.send(.task)
    await store.receive(.response)
    await store.receive(.response1)
    await store.receive(.response2)
    await task.cancel()
    await store.finish()
  }

  // StoreTests.testTaskCancellationEmpty
  @Test func taskCancellationEmpty() async {
    enum Action: Equatable, Sendable { case task }
    let store = TestStore(
      initialState: 0,
      reducer: Reducer<Int, Action, Void> { _, _, _ in .run { _ in try await neverEnding() } },
      environment: ())
    await store.send(.task).cancel()
    await store.finish()
  }

  // ReducerTests.testCombine (`.fireAndForget` is `.run` here; TCA 0.47 waits with
  // `.finish()` as here)
  @Test func combine() async {
    enum Action: Equatable, Sendable { case increment }
    let childEffectExecuted = Locked(false)
    let childReducer = Reducer<Int, Action, Void> { state, _, _ in
      state += 1
      return .run { _ in childEffectExecuted.withLock { $0 = true } }
    }
    let mainEffectExecuted = Locked(false)
    let mainReducer = Reducer<Int, Action, Void> { state, _, _ in
      state += 1
      return .run { _ in mainEffectExecuted.withLock { $0 = true } }
    }
    .combined(with: childReducer)
    let store = TestStore(initialState: 0, reducer: mainReducer, environment: ())
    await store.send(.increment) { $0 = 2 }.finish()
    #expect(childEffectExecuted.withLock { $0 })
    #expect(mainEffectExecuted.withLock { $0 })
    await store.finish()
  }

  // ReducerTests.testCombine_EffectsAreMerged (TCA 0.47 sleeps a third of a second for the fast
  // effect to set its value; here the effect signals a stream).
  @Test func combineEffectsAreMerged() async {
    enum Action: Equatable, Sendable { case increment }
    let fastValue = Locked<Int?>(nil)
    let slowValue = Locked<Int?>(nil)
    let (fastDone, fastDoneContinuation) = AsyncStream<Void>.makeStream()
    let clock = TestClock()
    let fastReducer = Reducer<Int, Action, Void> { state, _, _ in
      state += 1
      return .run { _ in
        try await clock.sleep(for: .seconds(1))
        fastValue.withLock { $0 = 42 }
        fastDoneContinuation.yield()
      }
    }
    let slowReducer = Reducer<Int, Action, Void> { state, _, _ in
      state += 1
      return .run { _ in
        try await clock.sleep(for: .seconds(2))
        slowValue.withLock { $0 = 1729 }
      }
    }
    let store = TestStore(
      initialState: 0, reducer: .combine(fastReducer, slowReducer), environment: ())
    await store.send(.increment) { $0 = 2 }
    await waitForSleepers(on: clock, count: 2)
    // Waiting a second causes the fast effect to fire.
    await clock.advance(by: .seconds(1))
    var done = fastDone.makeAsyncIterator()
    _ = await done.next()
    #expect(fastValue.withLock { $0 } == 42)
    #expect(slowValue.withLock { $0 } == nil)
    // Waiting one more second causes the slow effect to fire. This proves that the effects are
    // merged together, as opposed to concatenated.
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(fastValue.withLock { $0 } == 42)
    #expect(slowValue.withLock { $0 } == 1729)
  }

  // EffectTests.testDependenciesTransferredToEffects_Task and _Run: TCA overrides `\.date` on the
  // reducer; here on the environment, whose value the effect captures.
  @Test func dependenciesTransferredToEffects() async {
    enum Action: Equatable, Sendable {
      case tap
      case response(Int)
    }
    let reducer = Reducer<Int, Action, DateEnvironment> { state, action, environment in
      switch action {
      case .tap:
        return .run { [date = environment.date] send in
          await send(.response(Int(date.now.timeIntervalSinceReferenceDate)))
        }
      case .response(let value):
        state = value
        return .none
      }
    }
    let store = TestStore(
      initialState: 0, reducer: reducer,
      environment: DateEnvironment()
        .with(\.date, .constant(Date(timeIntervalSinceReferenceDate: 1_234_567_890))))
    await store.send(.tap).finish()
    await store.receive(.response(1_234_567_890)) { $0 = 1_234_567_890 }
    await store.finish()
  }
}
