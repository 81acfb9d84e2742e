import ComposableDeps
import DepsCore
import DepsTesting
import Foundation
import Testing

// Ports of The Composable Architecture 0.x tests that use a `TestStore` (tags 0.39.0–0.47.2):
// `TestStoreTests.swift`, `TestStoreFailureTests.swift`, `TestStoreNonExhaustiveTests.swift`,
// `EffectRunTests.swift`, `EffectTaskTests.swift`, the TestStore tests of `StoreTests.swift`,
// `ReducerTests.swift` and `EffectTests.swift`, and the reducer-composition tests
// `ForEachReducerTests.swift`, `IfLetReducerTests.swift`, `IfCaseLetReducerTests.swift` and
// `ScopeTests.swift` (ReducerProtocol there; `forEach`, `optional()` and `pullback` here).
//
// Where TCA expects a failure (`XCTExpectFailure`), the port checks that a failure happens there,
// and checks its text only where this library documents it (API.md, Docs/Diagnostics.md,
// Docs/Effects.md); TCA's texts differ. Where this library does not behave as TCA does, and its
// docs do not say so, the expectation is wrapped in `withKnownIssue("parity: …")`.

/// Runs `body`, which is expected to fail the test, and returns the texts of the failures it
/// recorded (none when it recorded none).
@MainActor func parityFailures(_ body: @MainActor () async -> Void) async -> [String] {
  let log = IssueLog()
  await withKnownIssue(isIntermittent: true) {
    await body()
  } matching: { issue in
    log.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
    return true
  }
  return log.texts
}

private let noChangeText = "Expected state to change, but no change occurred."

/// The headline of a state mismatch (Testing.md).
private func mismatchText(_ step: String) -> String {
  "The state after \(step) does not match the expected state."
}

private let neverEnding: @Sendable () async throws -> Void = {
  try await Task.sleep(for: .seconds(86_400))
}

// MARK: - Features of TestStoreNonExhaustiveTests

private struct NonExhaustiveCounterState: Equatable {
  var count = 0
  var isEven = true
}

private enum NonExhaustiveCounterAction: Equatable, Sendable {
  case increment
  case decrement
}

private let nonExhaustiveCounter = Reducer<
  NonExhaustiveCounterState, NonExhaustiveCounterAction, Void
> { state, action, _ in
  switch action {
  case .increment:
    state.count += 1
    state.isEven.toggle()
    return .none
  case .decrement:
    state.count -= 1
    state.isEven.toggle()
    return .none
  }
}

private struct NonExhaustiveReceiveState: Equatable {
  var count = 0
  var int = 0
  var string = ""
}

private enum NonExhaustiveReceiveAction: Equatable, Sendable {
  case onAppear
  case response1(Int)
  case response2(String)
}

private let nonExhaustiveReceive = Reducer<
  NonExhaustiveReceiveState, NonExhaustiveReceiveAction, Void
> { state, action, _ in
  switch action {
  case .onAppear:
    state = NonExhaustiveReceiveState()
    return .merge(.send(.response1(42)), .send(.response2("Hello")))
  case .response1(let int):
    state.count += 1
    state.int = int
    return .none
  case .response2(let string):
    state.count += 1
    state.string = string
    return .none
  }
}

@MainActor private func makeNonExhaustiveReceiveStore(
  _ exhaustivity: Exhaustivity = .off(showSkippedAssertions: true)
) -> TestStore<NonExhaustiveReceiveState, NonExhaustiveReceiveAction, Void> {
  let store = TestStore(
    initialState: NonExhaustiveReceiveState(), reducer: nonExhaustiveReceive, environment: ())
  store.exhaustivity = exhaustivity
  return store
}

/// `true` increments and sends `false`, which increments.
private let incrementTwice = Reducer<Int, Bool, Void> { state, action, _ in
  state += 1
  return action ? .send(false) : .none
}

private struct KrzysztofState: Equatable {
  var name = "Krzysztof"
  var surname = "Zabłocki"
  var age = 33
  var mood = 0
}

private enum KrzysztofAction: Equatable, Sendable {
  case changeIdentity(name: String, surname: String)
  case changeAge(Int)
  case changeMood(Int)
  case advanceAgeAndMoodAfterDelay
}

private struct KrzysztofEnvironment: Sendable {
  var clock: TestClock = TestClock()
}

private let krzysztofReducer = Reducer<KrzysztofState, KrzysztofAction, KrzysztofEnvironment> {
  state, action, environment in
  switch action {
  case .changeIdentity(let name, let surname):
    state.name = name
    state.surname = surname
    return .none
  case .advanceAgeAndMoodAfterDelay:
    let clock = environment.clock
    return .concatenate(
      .run { _ in try await clock.sleep(for: .seconds(1)) },
      .merge(.send(.changeAge(state.age + 1)), .send(.changeMood(state.mood + 1)))
    )
  case .changeAge(let age):
    state.age = age
    return .none
  case .changeMood(let mood):
    state.mood = mood
    return .none
  }
}

// MARK: - Features of the reducer-composition tests

private struct ParityRow: Equatable, Identifiable, Sendable {
  var id: Int
  var value: String
}

private struct ElementsState: Equatable {
  var rows: [ParityRow] = []
}

private enum ElementsAction: Equatable, Sendable {
  case buttonTapped
  case row(Int, String)
}

private let rowReducer = Reducer<ParityRow, String, Void> { state, action, _ in
  state.value = action
  return action.isEmpty ? .run { await $0("Empty") } : .none
}

private let elementsReducer = Reducer<ElementsState, ElementsAction, Void>.combine(
  Reducer { _, _, _ in .none },
  rowReducer.forEach(state: \.rows, action: /ElementsAction.row, environment: { $0 })
)

private struct Child1State: Equatable {
  var count = 0
}

private enum Child1Action: Equatable, Sendable {
  case decrementButtonTapped
  case incrementButtonTapped
}

private let child1Reducer = Reducer<Child1State, Child1Action, Void> { state, action, _ in
  switch action {
  case .decrementButtonTapped:
    state.count -= 1
    return state.count < 0 ? .run { await $0(.incrementButtonTapped) } : .none
  case .incrementButtonTapped:
    state.count += 1
    return .none
  }
}

private enum Child2State: Equatable {
  case count(Int)
  case name(String)
}

private enum Child2Action: Equatable, Sendable {
  case count(Int)
  case name(String)
}

private let child2Reducer = Reducer<Child2State, Child2Action, Void>.combine(
  Reducer<Int, Int, Void> { state, action, _ in
    state = action
    return state < 0 ? .run { await $0(0) } : .none
  }
  .pullback(state: /Child2State.count, action: /Child2Action.count, environment: { $0 }),
  Reducer<String, String, Void> { state, action, _ in
    state = action
    return state.isEmpty ? .run { await $0("Empty") } : .none
  }
  .pullback(state: /Child2State.name, action: /Child2Action.name, environment: { $0 })
)

private struct ScopeFeatureState: Equatable {
  var child1 = Child1State()
  var child2 = Child2State.count(0)
}

private enum ScopeFeatureAction: Equatable, Sendable {
  case child1(Child1Action)
  case child2(Child2Action)
}

private let scopeFeatureReducer = Reducer<ScopeFeatureState, ScopeFeatureAction, Void>.combine(
  child1Reducer.pullback(state: \.child1, action: /ScopeFeatureAction.child1, environment: { $0 }),
  child2Reducer.pullback(state: \.child2, action: /ScopeFeatureAction.child2, environment: { $0 })
)

private struct ParityCancelID: Hashable, Sendable {}

private final class DateEnvironment: ComposableEnvironment {
  @Dependency(\.date) var date
}

// MARK: - TestStoreTests, and the TestStore tests of StoreTests, ReducerTests, EffectTests

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TCAParityTestStoreTests {
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
    let failures = await parityFailures {
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
    let sendFailures = await parityFailures {
      await store.send(.increment) { $0.isChanging = false }
    }
    #expect(sendFailures.count == 1)
    #expect(sendFailures.allSatisfy { $0.hasPrefix(mismatchText("send(Action.increment)")) })
    let receiveFailures = await parityFailures {
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
    let sendFailures = await parityFailures {
      await store.send(.noop) { $0.count = 0 }
    }
    #expect(sendFailures.count == 1)
    #expect(sendFailures.allSatisfy { $0.hasPrefix(noChangeText) })
    let receiveFailures = await parityFailures {
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

// MARK: - EffectRunTests and EffectTaskTests (`.task` is `.run` here)

private enum RunAction: Equatable, Sendable { case tapped, response, responseA, responseB, cancel }
private struct RunFailure: Error {}

private let runReducer = Reducer<Int, RunAction, Void> { _, action, _ in
  switch action {
  case .tapped:
    return .run { send in await send(.response) }
  case .response, .responseA, .responseB:
    return .none
  case .cancel:
    return .cancel(id: ParityCancelID())
  }
}

private let runCatchReducer = Reducer<Int, RunAction, Void> { _, action, _ in
  switch action {
  case .tapped:
    return .run { _ in
      throw RunFailure()
    } catch: { _, send in
      await send(.response)
    }
  default:
    return .none
  }
}

private let runUnhandledReducer = Reducer<Int, RunAction, Void> { _, action, _ in
  switch action {
  case .tapped:
    return .run { _ in throw RunFailure() }
  default:
    return .none
  }
}

/// TCA's `Task.cancel(id:)` from inside the effect has no counterpart: the effect sends an
/// action whose reducer returns `.cancel(id:)`, which the test receives.
private func runCancellationReducer(withCatch: Bool) -> Reducer<Int, RunAction, Void> {
  Reducer { _, action, _ in
    switch action {
    case .tapped:
      let operation: @Sendable (Send<RunAction>) async throws -> Void = { send in
        await send(.cancel)
        try Task.checkCancellation()
        await send(.responseA)
      }
      let effect: Effect<RunAction> =
        withCatch
        ? .run(operation: operation, catch: { _, send in await send(.responseB) })
        : .run(operation: operation)
      return effect.cancellable(id: ParityCancelID())
    case .cancel:
      return .cancel(id: ParityCancelID())
    default:
      return .none
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TCAParityEffectRunTests {
  private func run(_ reducer: Reducer<Int, RunAction, Void>) async {
    let store = TestStore(initialState: 0, reducer: reducer, environment: ())
    await store.send(.tapped)
    await store.receive(.response)
    await store.finish()
  }

  // EffectRunTests.testRun
  @Test func run() async { await run(runReducer) }
  // EffectTaskTests.testTask
  @Test func task() async { await run(runReducer) }
  // EffectRunTests.testRunCatch
  @Test func runCatch() async { await run(runCatchReducer) }
  // EffectTaskTests.testTaskCatch
  @Test func taskCatch() async { await run(runCatchReducer) }

  // EffectRunTests.testRunUnhandledFailure and EffectTaskTests.testTaskUnhandledFailure. TCA's
  // text: 'An "EffectTask.run" returned from "<file>:<line>" threw an unhandled error. …'; this
  // library's is documented in Docs/Effects.md and API.md.
  @Test func runUnhandledFailure() async {
    let failures = await parityFailures {
      let store = TestStore(initialState: 0, reducer: runUnhandledReducer, environment: ())
      await store.send(.tapped).finish()
      await store.finish()
    }
    #expect(
      failures == [
        """
        An effect threw an error that nothing caught.

          Action: RunAction.tapped
          Error: RunFailure()

        An error thrown from Effect.run(operation:) ends the effect and is lost. To fix: pass \
        run(operation:catch:) a catch closure that sends an action for the error, or catch it \
        inside the operation.
        """
      ])
  }

  // EffectRunTests.testRunCancellation and EffectTaskTests.testTaskCancellation
  @Test func runCancellation() async {
    let store = TestStore(
      initialState: 0, reducer: runCancellationReducer(withCatch: false), environment: ())
    let task = await store.send(.tapped)
    await store.receive(.cancel)
    await task.finish()
    await store.finish()
  }

  // EffectRunTests.testRunCancellationCatch and EffectTaskTests.testTaskCancellationCatch: the
  // catch handler does not run for a cancelled effect.
  @Test func runCancellationCatch() async {
    let store = TestStore(
      initialState: 0, reducer: runCancellationReducer(withCatch: true), environment: ())
    let task = await store.send(.tapped)
    await store.receive(.cancel)
    await task.finish()
    await store.finish()
  }
}

// MARK: - TestStoreFailureTests

private enum FirstSecond: Equatable, Sendable { case first, second }

/// `.first` sends `.second`.
private let firstSendsSecond = Reducer<Int, FirstSecond, Void> { _, action, _ in
  switch action {
  case .first: return .send(.second)
  case .second: return .none
  }
}

private struct CountState: Equatable { var count = 0 }

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TCAParityTestStoreFailureTests {
  // TestStoreFailureTests.testNoStateChangeFailure; the text is API.md's.
  @Test func noStateChangeFailure() async {
    let store = TestStore(initialState: 0, reducer: firstSendsSecond, environment: ())
    let sendFailures = await parityFailures {
      await store.send(.first) { _ = $0 }
    }
    #expect(sendFailures.count == 1)
    #expect(sendFailures.allSatisfy { $0.hasPrefix(noChangeText) })
    let receiveFailures = await parityFailures {
      await store.receive(.second) { _ = $0 }
    }
    #expect(receiveFailures.count == 1)
    #expect(receiveFailures.allSatisfy { $0.hasPrefix(noChangeText) })
    await store.finish()
  }

  // TestStoreFailureTests.testStateChangeFailure
  @Test func stateChangeFailure() async {
    let failures = await parityFailures {
      let store = TestStore(
        initialState: CountState(),
        reducer: Reducer<CountState, Void, Void> { state, _, _ in
          state.count += 1
          return .none
        },
        environment: ())
      await store.send(()) { $0.count = 0 }
      await store.finish()
    }
    // A mismatch, reported before the no-change rule (as in TCA: "A state change does not match
    // expectation").
    #expect(failures.count == 1)
    #expect(failures.allSatisfy { $0.hasPrefix(mismatchText("send(())")) })
  }

  // TestStoreFailureTests.testUnexpectedStateChangeOnSendFailure
  @Test func unexpectedStateChangeOnSendFailure() async {
    let failures = await parityFailures {
      let store = TestStore(
        initialState: CountState(),
        reducer: Reducer<CountState, Void, Void> { state, _, _ in
          state.count += 1
          return .none
        },
        environment: ())
      await store.send(())
      await store.finish()
    }
    #expect(failures.count == 1)
  }

  // TestStoreFailureTests.testUnexpectedStateChangeOnReceiveFailure
  @Test func unexpectedStateChangeOnReceiveFailure() async {
    let store = TestStore(
      initialState: CountState(),
      reducer: Reducer<CountState, FirstSecond, Void> { state, action, _ in
        switch action {
        case .first:
          return .send(.second)
        case .second:
          state.count += 1
          return .none
        }
      },
      environment: ())
    await store.send(.first)
    let failures = await parityFailures {
      await store.receive(.second)
    }
    #expect(failures.count == 1)
    await store.finish()
  }

  // TestStoreFailureTests.testReceivedActionAfterDeinit
  @Test func receivedActionAfterDeinit() async {
    let failures = await parityFailures {
      do {
        let store = TestStore(initialState: 0, reducer: firstSendsSecond, environment: ())
        await store.send(.first)
      }
    }
    #expect(failures.count == 1)
  }

  // TestStoreFailureTests.testEffectInFlightAfterDeinit
  @Test func effectInFlightAfterDeinit() async {
    let failures = await parityFailures {
      do {
        let store = TestStore(
          initialState: 0,
          reducer: Reducer<Int, Void, Void> { _, _, _ in .run { _ in try await neverEnding() } },
          environment: ())
        await store.send(())
      }
    }
    #expect(failures.count == 1)
  }

  // TestStoreFailureTests.testSendActionBeforeReceivingFailure. TCA fails the second send once
  // ("Must handle 1 received action before sending an action: …") and keeps the unreceived
  // `.second`, so both receives that follow pass; so does this library (its text is API.md's).
  @Test func sendActionBeforeReceivingFailure() async {
    let store = TestStore(initialState: 0, reducer: firstSendsSecond, environment: ())
    let failures = await parityFailures {
      await store.send(.first)
      await store.send(.first)
    }
    #expect(failures.count == 1)
    #expect(
      failures.allSatisfy {
        $0.hasPrefix("send(FirstSecond.first) was called while 1 action from effects had not")
      })
    await store.receive(.second)
    await store.receive(.second)
    await store.finish()
  }

  // TestStoreFailureTests.testReceiveNonExistentActionFailure
  @Test func receiveNonExistentActionFailure() async {
    enum Action: Equatable, Sendable { case action }
    let store = TestStore(
      initialState: 0, reducer: Reducer<Int, Action, Void> { _, _, _ in .none }, environment: ())
    let failures = await parityFailures {
      await store.receive(.action)
    }
    #expect(failures.count == 1)
    await store.finish()
  }

  // TestStoreFailureTests.testReceiveUnexpectedActionFailure
  @Test func receiveUnexpectedActionFailure() async {
    let store = TestStore(initialState: 0, reducer: firstSendsSecond, environment: ())
    let failures = await parityFailures {
      await store.send(.first)
      await store.receive(.first)
    }
    #expect(failures.count == 1)
    await store.finish()
  }

  // TestStoreFailureTests.testModifyClosureThrowsErrorFailure
  @Test func modifyClosureThrowsErrorFailure() async {
    struct SomeError: Error {}
    let store = TestStore(
      initialState: 0, reducer: Reducer<Int, Void, Void> { _, _, _ in .none }, environment: ())
    let failures = await parityFailures {
      await store.send(()) { _ in throw SomeError() }
    }
    #expect(failures.count == 1)
    await store.finish()
  }

  // TestStoreFailureTests.testExpectedStateEqualityMustModify; the text is API.md's.
  @Test func expectedStateEqualityMustModify() async {
    let reducer = Reducer<Int, Bool, Void> { _, action, _ in
      action ? .send(false) : .none
    }
    let store = TestStore(initialState: 0, reducer: reducer, environment: ())
    await store.send(true)
    await store.receive(false)
    let sendFailures = await parityFailures {
      await store.send(true) { $0 = 0 }
    }
    #expect(sendFailures.count == 1)
    #expect(sendFailures.allSatisfy { $0.hasPrefix(noChangeText) })
    let receiveFailures = await parityFailures {
      await store.receive(false) { $0 = 0 }
    }
    #expect(receiveFailures.count == 1)
    #expect(receiveFailures.allSatisfy { $0.hasPrefix(noChangeText) })
    await store.finish()
  }
}

// MARK: - TestStoreNonExhaustiveTests

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TCAParityTestStoreNonExhaustiveTests {
  private func skipReceivedActions(_ exhaustivity: Exhaustivity) async {
    let store = TestStore(initialState: 0, reducer: incrementTwice, environment: ())
    store.exhaustivity = exhaustivity
    // TCA relies on `skipReceivedActions` yielding long enough for `.send(false)`; here
    // `.send(false)` is handled before `send` returns.
    await store.send(true) { $0 = 1 }
    #expect(store.state == 1)
    await store.skipReceivedActions(strict: false)
    #expect(store.state == 2)
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testSkipReceivedActions_NonStrict
  @Test func skipReceivedActionsNonStrict() async { await skipReceivedActions(.on) }
  // TestStoreNonExhaustiveTests.testSkipReceivedActions_NonExhaustive
  @Test func skipReceivedActionsNonExhaustive() async { await skipReceivedActions(.off) }
  // TestStoreNonExhaustiveTests.testSkipReceivedActions_PartialExhaustive
  @Test func skipReceivedActionsPartialExhaustive() async {
    await skipReceivedActions(.off(showSkippedAssertions: true))
  }

  // TestStoreNonExhaustiveTests.testSkipReceivedActions_Strict, with TCA's text.
  @Test func skipReceivedActionsStrict() async {
    let store = TestStore(initialState: 0, reducer: incrementTwice, environment: ())
    await store.send(true) { $0 = 1 }
    #expect(store.state == 1)
    await store.receive(false) { $0 = 2 }
    #expect(store.state == 2)
    let failures = await parityFailures {
      await store.skipReceivedActions(strict: true)
    }
    #expect(failures == ["There were no received actions to skip."])
    await store.finish()
  }

  private func skipInFlightEffects(_ exhaustivity: Exhaustivity) async {
    let store = TestStore(
      initialState: 0,
      reducer: Reducer<Int, Bool, Void> { _, _, _ in .run { _ in try await neverEnding() } },
      environment: ())
    store.exhaustivity = exhaustivity
    await store.send(true)
    await store.skipInFlightEffects(strict: false)
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testCancelInFlightEffects_NonStrict
  @Test func cancelInFlightEffectsNonStrict() async { await skipInFlightEffects(.on) }
  // TestStoreNonExhaustiveTests.testCancelInFlightEffects_NonExhaustive
  @Test func cancelInFlightEffectsNonExhaustive() async { await skipInFlightEffects(.off) }
  // TestStoreNonExhaustiveTests.testCancelInFlightEffects_PartialExhaustive
  @Test func cancelInFlightEffectsPartialExhaustive() async {
    await skipInFlightEffects(.off(showSkippedAssertions: true))
  }

  // TestStoreNonExhaustiveTests.testCancelInFlightEffects_Strict (TCA's effect sleeps a quarter
  // of a second and the test waits for it; here it ends at once), with TCA's text.
  @Test func cancelInFlightEffectsStrict() async {
    let store = TestStore(
      initialState: 0, reducer: Reducer<Int, Bool, Void> { _, _, _ in .run { _ in } },
      environment: ())
    let task = await store.send(true)
    await task.finish()
    let failures = await parityFailures {
      await store.skipInFlightEffects(strict: true)
    }
    #expect(failures == ["There were no in-flight effects to skip."])
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testIgnoreReceiveActions_PartialExhaustive / _NonExhaustive and
  // testIgnoreInFlightEffects_PartialExhaustive / _NonExhaustive: a non-exhaustive TestStore
  // released with unreceived actions or running effects, and no `finish()`, does not fail in TCA.
  @Test(arguments: [Exhaustivity.off, .off(showSkippedAssertions: true)])
  func ignoreReceiveActions(_ exhaustivity: Exhaustivity) async {
    let failures = await parityFailures {
      do {
        let store = TestStore(
          initialState: 0,
          reducer: Reducer<Int, Bool, Void> { _, action, _ in action ? .send(false) : .none },
          environment: ())
        store.exhaustivity = exhaustivity
        await store.send(true)
      }
    }
    #expect(failures == [])
  }

  @Test(arguments: [Exhaustivity.off, .off(showSkippedAssertions: true)])
  func ignoreInFlightEffects(_ exhaustivity: Exhaustivity) async {
    let failures = await parityFailures {
      do {
        let store = TestStore(
          initialState: 0,
          reducer: Reducer<Int, Bool, Void> { _, _, _ in .run { _ in try await neverEnding() } },
          environment: ())
        store.exhaustivity = exhaustivity
        await store.send(true)
      }
    }
    #expect(failures == [])
  }

  // TestStoreNonExhaustiveTests.testNonExhaustiveSend_PartialExhaustive
  @Test func nonExhaustiveSendPartialExhaustive() async {
    let store = TestStore(
      initialState: NonExhaustiveCounterState(), reducer: nonExhaustiveCounter, environment: ())
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.increment) {
      $0.count = 1
      // Ignoring state change: isEven = false
    }
    await store.send(.increment) {
      $0.isEven = true
      // Ignoring state change: count = 2
    }
    await store.send(.increment) {
      $0.count = 3
      $0.isEven = false
    }
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testNonExhaustiveSend_PartialExhaustive_Prefix
  @Test func nonExhaustiveSendPartialExhaustivePrefix() async {
    let store = TestStore(
      initialState: NonExhaustiveCounterState(), reducer: nonExhaustiveCounter, environment: ())
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.increment) {
      $0.count = 1
      // Ignoring state change: isEven = false
    }
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testNonExhaustiveSend_PartialExhaustive_BadAssertion
  @Test func nonExhaustiveSendPartialExhaustiveBadAssertion() async {
    let store = TestStore(
      initialState: NonExhaustiveCounterState(), reducer: nonExhaustiveCounter, environment: ())
    store.exhaustivity = .off(showSkippedAssertions: true)
    let failures = await parityFailures {
      await store.send(.increment) { $0.count = 0 }
    }
    #expect(failures.count == 1)
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testNonExhaustiveSend_NonExhaustive
  @Test func nonExhaustiveSendNonExhaustive() async {
    let store = TestStore(
      initialState: NonExhaustiveCounterState(), reducer: nonExhaustiveCounter, environment: ())
    store.exhaustivity = .off
    await store.send(.increment) {
      $0.count = 1
      // Ignoring state change: isEven = false
    }
    await store.finish()
  }

  private struct LoginState: Equatable {
    var count = 0
    var isLoggedIn = false
  }

  private enum LoginAction: Equatable, Sendable {
    case decrement
    case increment
    case loggedInResponse(Bool)
  }

  private let loginReducer = Reducer<LoginState, LoginAction, Void> { state, action, _ in
    switch action {
    case .decrement:
      state.count -= 1
      return .none
    case .increment:
      state.count += 1
      return .send(.loggedInResponse(true))
    case .loggedInResponse(let response):
      state.isLoggedIn = response
      return .none
    }
  }

  // TestStoreNonExhaustiveTests.testSend_SkipReceivedActions
  @Test func sendSkipReceivedActions() async {
    let store = TestStore(initialState: LoginState(), reducer: loginReducer, environment: ())
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.increment) { $0.count = 1 }
    // Ignored received action: .loggedInResponse(true)
    await store.send(.decrement) {
      $0.count = 0
      // Ignored state change: isLoggedIn = true
    }
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testSend_SkipReceivedActions_BadAssertion
  @Test func sendSkipReceivedActionsBadAssertion() async {
    let store = TestStore(initialState: LoginState(), reducer: loginReducer, environment: ())
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.increment) { $0.count = 1 }
    let failures = await parityFailures {
      await store.receive(.loggedInResponse(true)) {
        $0.count = 2
        $0.isLoggedIn = true
      }
    }
    #expect(failures.count == 1)
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testMultipleSendsWithAssertionOnLast
  @Test func multipleSendsWithAssertionOnLast() async {
    let store = TestStore(
      initialState: NonExhaustiveCounterState(), reducer: nonExhaustiveCounter, environment: ())
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.increment)
    #expect(store.state == NonExhaustiveCounterState(count: 1, isEven: false))
    await store.send(.increment)
    #expect(store.state == NonExhaustiveCounterState(count: 2, isEven: true))
    await store.send(.increment) { $0.count = 3 }
    #expect(store.state == NonExhaustiveCounterState(count: 3, isEven: false))
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testReceive_StateChange
  @Test func receiveStateChange() async {
    let store = makeNonExhaustiveReceiveStore()
    await store.send(.onAppear)
    #expect(store.state == NonExhaustiveReceiveState(count: 0, int: 0, string: ""))
    await store.receive(.response1(42)) {
      // Ignored state change: count = 1
      $0.int = 42
    }
    #expect(store.state == NonExhaustiveReceiveState(count: 1, int: 42, string: ""))
    await store.receive(.response2("Hello")) {
      // Ignored state change: count = 2
      $0.string = "Hello"
    }
    #expect(store.state == NonExhaustiveReceiveState(count: 2, int: 42, string: "Hello"))
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testReceive_SkipAction
  @Test func receiveSkipAction() async {
    let store = makeNonExhaustiveReceiveStore()
    await store.send(.onAppear)
    #expect(store.state == NonExhaustiveReceiveState(count: 0, int: 0, string: ""))
    // Ignored received action: .response1(42)
    await store.receive(.response2("Hello")) {
      $0.count = 2
      $0.string = "Hello"
    }
    #expect(store.state == NonExhaustiveReceiveState(count: 2, int: 42, string: "Hello"))
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testSendWithUnreceivedAction
  @Test func sendWithUnreceivedAction() async {
    let store = makeNonExhaustiveReceiveStore()
    await store.send(.onAppear)
    // Ignored received action: .response1(42)
    // Ignored received action: .response2("Hello")
    await store.send(.onAppear)
    // Ignored received action: .response1(42)
    // Ignored received action: .response2("Hello")
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testSendWithUnreceivedActions_SkipsActions. TCA's `send` yields
  // long enough for the `.task` to answer before the next send; here the test waits for the
  // send's TestStoreTask, so the response has arrived when the next send skips it.
  @Test func sendWithUnreceivedActionsSkipsActions() async {
    enum Action: Equatable, Sendable {
      case tap
      case response(Int)
    }
    let store = TestStore(
      initialState: 0,
      reducer: Reducer<Int, Action, Void> { state, action, _ in
        switch action {
        case .tap:
          state += 1
          return .run { [state] send in await send(.response(state + 42)) }
        case .response(let number):
          state = number
          return .none
        }
      },
      environment: ())
    store.exhaustivity = .off
    await store.send(.tap).finish()
    #expect(store.state == 1)
    // Ignored received action: .response(43)
    await store.send(.tap).finish()
    #expect(store.state == 44)
    await store.skipReceivedActions()
    #expect(store.state == 86)
    await store.finish()
  }

  // The same, written as TCA writes it: no wait between the sends. `send` yields as TCA's does
  // (`Task.megaYield()`), long enough for a `.run` that answers at once to have answered before
  // the next send skips the received actions, so the state is 44. Repeated, as the yields are a
  // matter of scheduling.
  @Test func sendWithUnreceivedActionsSkipsActionsWithoutWaiting() async {
    enum Action: Equatable, Sendable {
      case tap
      case response(Int)
    }
    var misses = 0
    for _ in 0..<100 {
      let store = TestStore(
        initialState: 0,
        reducer: Reducer<Int, Action, Void> { state, action, _ in
          switch action {
          case .tap:
            state += 1
            return .run { [state] send in await send(.response(state + 42)) }
          case .response(let number):
            state = number
            return .none
          }
        },
        environment: ())
      store.exhaustivity = .off
      await store.send(.tap)
      await store.send(.tap)
      if store.state != 44 { misses += 1 }
      await store.finish()
    }
    #expect(misses == 0)
  }

  // TestStoreNonExhaustiveTests.testPartialExhaustivityPrefix (TCA's test scheduler's sleep is
  // a TestClock's here)
  @Test func partialExhaustivityPrefix() async {
    enum Action: Equatable, Sendable {
      case buttonTapped
      case response(Int)
    }
    let clock = TestClock()
    let store = TestStore(
      initialState: 0,
      reducer: Reducer<Int, Action, Void> { state, action, _ in
        switch action {
        case .buttonTapped:
          state += 1
          return .run { send in
            await send(.response(42))
            try await clock.sleep(for: .seconds(1))
            await send(.response(1729))
          }
        case .response(let number):
          state = number
          return .none
        }
      },
      environment: ())
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.buttonTapped)
    // Ignored state mutation: state = 1
    // Ignored received action: .response(42)
    // (The effect sleeps once `.response(42)` was received.)
    await waitForSleepers(on: clock, count: 1)
    await clock.advance(by: .milliseconds(500))
    await store.send(.buttonTapped) { $0 = 43 }
    await waitForSleepers(on: clock, count: 2)
    await clock.advance(by: .milliseconds(500))
    await store.skipInFlightEffects()
    await store.skipReceivedActions()
    // Ignored received action: .response(42)
    // Ignored received action: .response(1729)
    // Ignore in-flight effect
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testCasePathReceive_PartialExhaustive / _NonExhaustive
  @Test(arguments: [Exhaustivity.off(showSkippedAssertions: true), .off])
  func casePathReceiveNonExhaustive(_ exhaustivity: Exhaustivity) async {
    let store = makeNonExhaustiveReceiveStore(exhaustivity)
    await store.send(.onAppear)
    await store.receive(/NonExhaustiveReceiveAction.response1) { $0.int = 42 }
    await store.receive(/NonExhaustiveReceiveAction.response2) { $0.string = "Hello" }
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testCasePathReceive_Exhaustive
  @Test func casePathReceiveExhaustive() async {
    let store = makeNonExhaustiveReceiveStore(.on)
    await store.send(.onAppear)
    await store.receive(/NonExhaustiveReceiveAction.response1) {
      $0.count = 1
      $0.int = 42
    }
    await store.receive(/NonExhaustiveReceiveAction.response2) {
      $0.count = 2
      $0.string = "Hello"
    }
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testCasePathReceive_SkipReceivedAction
  @Test func casePathReceiveSkipReceivedAction() async {
    let store = makeNonExhaustiveReceiveStore()
    await store.send(.onAppear)
    await store.receive(/NonExhaustiveReceiveAction.response2) { $0.string = "Hello" }
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testCasePathReceive_WrongAction. TCA fails the receive of
  // `/onAppear` once ("Expected to receive a matching action, but didn't get one.") and keeps
  // the received actions, so the receives of `/response1` and `/response2` pass; so does this
  // library (its text: TestStoreFailureTests.aNonExhaustiveReceiveThatMatchesNothingKeepsTheActions).
  @Test func casePathReceiveWrongAction() async {
    let store = makeNonExhaustiveReceiveStore()
    await store.send(.onAppear)
    let failures = await parityFailures {
      await store.receive(/NonExhaustiveReceiveAction.onAppear)
    }
    #expect(failures.count == 1)
    await store.receive(/NonExhaustiveReceiveAction.response1)
    await store.receive(/NonExhaustiveReceiveAction.response2)
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testCasePathReceive_ReceivedExtraAction
  @Test func casePathReceiveReceivedExtraAction() async {
    let store = makeNonExhaustiveReceiveStore()
    await store.send(.onAppear)
    await store.receive(/NonExhaustiveReceiveAction.response2)
    let failures = await parityFailures {
      await store.receive(/NonExhaustiveReceiveAction.response2)
    }
    #expect(failures.count == 1)
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testKrzysztofExample1
  @Test func krzysztofExample1() async {
    let store = TestStore(
      initialState: KrzysztofState(), reducer: krzysztofReducer, environment: KrzysztofEnvironment())
    store.exhaustivity = .off
    await store.send(.changeIdentity(name: "Marek", surname: "Ignored")) { $0.name = "Marek" }
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testKrzysztofExample2
  @Test func krzysztofExample2() async {
    let store = TestStore(
      initialState: KrzysztofState(), reducer: krzysztofReducer, environment: KrzysztofEnvironment())
    store.exhaustivity = .off
    await store.send(.changeIdentity(name: "Adam", surname: "Stern"))
    await store.send(.changeIdentity(name: "Piotr", surname: "Galiszewski"))
    await store.send(.changeIdentity(name: "Merowing", surname: "Info")) {
      $0.name = "Merowing"
      $0.surname = "Info"
    }
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testKrzysztofExample3 (TCA's main queue is a TestClock here)
  @Test func krzysztofExample3() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: KrzysztofState(), reducer: krzysztofReducer,
      environment: KrzysztofEnvironment(clock: clock))
    store.exhaustivity = .off
    await store.send(.advanceAgeAndMoodAfterDelay)
    await waitForSleepers(on: clock, count: 1)
    await clock.advance(by: .seconds(1))
    await store.receive(.changeAge(34)) { $0.age = 34 }
    #expect(store.state.age == 34)
    await store.finish()
  }
}

// MARK: - ForEachReducerTests, IfLetReducerTests, IfCaseLetReducerTests, ScopeTests

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TCAParityReducerCompositionTests {
  // ForEachReducerTests.testElementAction (IdentifiedArray there, an array of Identifiable here)
  @Test func forEachElementAction() async {
    let store = TestStore(
      initialState: ElementsState(rows: [
        ParityRow(id: 1, value: "Blob"),
        ParityRow(id: 2, value: "Blob Jr."),
        ParityRow(id: 3, value: "Blob Sr."),
      ]),
      reducer: elementsReducer, environment: ())
    await store.send(.row(1, "Blob Esq.")) { $0.rows[0].value = "Blob Esq." }
    await store.send(.row(2, "")) { $0.rows[1].value = "" }
    await store.receive(.row(2, "Empty")) { $0.rows[1].value = "Empty" }
    await store.finish()
  }

  // ForEachReducerTests.testNonElementAction
  @Test func forEachNonElementAction() async {
    let store = TestStore(initialState: ElementsState(), reducer: elementsReducer, environment: ())
    await store.send(.buttonTapped)
    await store.finish()
  }

  // ForEachReducerTests.testMissingElement; the text is Docs/Diagnostics.md's.
  @Test func forEachMissingElement() async {
    let store = TestStore(
      initialState: ElementsState(),
      reducer: Reducer<ParityRow, String, Void>.empty
        .forEach(state: \.rows, action: /ElementsAction.row, environment: { $0 }),
      environment: ())
    let failures = await parityFailures {
      await store.send(.row(1, "Blob Esq."))
    }
    #expect(failures.count == 1)
    #expect(
      failures.allSatisfy { $0.hasPrefix("An action was sent to an element that is not in the array.") })
    await store.finish()
  }

  // IfLetReducerTests.testNilChild (`ifLet` there, `optional()` here); the text is
  // Docs/Diagnostics.md's.
  @Test func ifLetNilChild() async {
    let store = TestStore(
      initialState: Int?.none, reducer: Reducer<Int, Void, Void>.empty.optional(), environment: ())
    let failures = await parityFailures {
      await store.send(())
    }
    #expect(failures.count == 1)
    #expect(failures.allSatisfy { $0.hasPrefix("An action was sent to optional state that is nil.") })
    await store.finish()
  }

  private struct SomeError: Error, Equatable {}

  // IfCaseLetReducerTests.testChildAction (`ifCaseLet` there, `pullback(state: /Enum.case)` here)
  @Test func ifCaseLetChildAction() async {
    typealias R = Result<Int, SomeError>
    let reducer = Reducer<R, R, Void>.combine(
      Reducer { _, _, _ in .none },
      Reducer<Int, Int, Void> { state, action, _ in
        state = action
        return state < 0 ? .run { await $0(0) } : .none
      }
      .pullback(state: /R.success, action: /R.success, environment: { $0 })
    )
    let store = TestStore(initialState: R.success(0), reducer: reducer, environment: ())
    await store.send(.success(1)) { $0 = .success(1) }
    await store.send(.failure(SomeError()))
    await store.send(.success(-1)) { $0 = .success(-1) }
    await store.receive(.success(0)) { $0 = .success(0) }
    await store.finish()
  }

  // IfCaseLetReducerTests.testNilChild; the text is Docs/Diagnostics.md's.
  @Test func ifCaseLetNilChild() async {
    typealias R = Result<Int, SomeError>
    let store = TestStore(
      initialState: R.failure(SomeError()),
      reducer: Reducer<Int, Int, Void>.empty
        .pullback(state: /R.success, action: /R.success, environment: { $0 }),
      environment: ())
    let failures = await parityFailures {
      await store.send(.success(1))
    }
    #expect(failures.count == 1)
    #expect(
      failures.allSatisfy { $0.hasPrefix("An action was sent to enum state that is in another case.") })
    await store.finish()
  }

  // ScopeTests.testStructChild (`Scope` there, `pullback(state: \.child1, ...)` here)
  @Test func scopeStructChild() async {
    let store = TestStore(
      initialState: ScopeFeatureState(), reducer: scopeFeatureReducer, environment: ())
    await store.send(.child1(.incrementButtonTapped)) { $0.child1.count = 1 }
    await store.send(.child1(.decrementButtonTapped)) { $0.child1.count = 0 }
    await store.send(.child1(.decrementButtonTapped)) { $0.child1.count = -1 }
    await store.receive(.child1(.incrementButtonTapped)) { $0.child1.count = 0 }
    await store.finish()
  }

  // ScopeTests.testEnumChild
  @Test func scopeEnumChild() async {
    let store = TestStore(
      initialState: ScopeFeatureState(), reducer: scopeFeatureReducer, environment: ())
    await store.send(.child2(.count(1))) { $0.child2 = .count(1) }
    await store.send(.child2(.count(-1))) { $0.child2 = .count(-1) }
    await store.receive(.child2(.count(0))) { $0.child2 = .count(0) }
    await store.finish()
  }

  // ScopeTests.testNilChild; the text is Docs/Diagnostics.md's.
  @Test func scopeNilChild() async {
    let store = TestStore(
      initialState: Child2State.count(0),
      reducer: Reducer<String, String, Void>.empty
        .pullback(state: /Child2State.name, action: /Child2Action.name, environment: { $0 }),
      environment: ())
    let failures = await parityFailures {
      await store.send(.name("Blob"))
    }
    #expect(failures.count == 1)
    #expect(
      failures.allSatisfy { $0.hasPrefix("An action was sent to enum state that is in another case.") })
    await store.finish()
  }
}
