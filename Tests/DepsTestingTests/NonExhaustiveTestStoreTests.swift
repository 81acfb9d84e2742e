import ComposableDeps
import DepsCore
import DepsTestSupport
import DepsTesting
import Foundation
import Testing

// A TestStore with exhaustivity off or partial: it skips the received actions and in-flight effects
// a test does not assert, asserts only the state changes a test names (showing the skipped ones
// with `showSkippedAssertions`), and receives by case path; with exhaustivity on it fails on each.
//
// Ported from The Composable Architecture 0.x's `TestStoreNonExhaustiveTests.swift` (tags
// 0.39.0–0.47.2), features and tests. How the ports check TCA's expected failures:
// `failureTexts(_:)`.

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

@MainActor
@Suite(.tags(.portedFromTCA), .timeLimit(.minutes(1)))
struct NonExhaustiveTestStoreTests {
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
    let failures = await failureTexts {
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
    let failures = await failureTexts {
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
    let failures = await failureTexts {
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
    let failures = await failureTexts {
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
    let failures = await failureTexts {
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
    let failures = await failureTexts {
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
    let failures = await failureTexts {
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
    let failures = await failureTexts {
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
