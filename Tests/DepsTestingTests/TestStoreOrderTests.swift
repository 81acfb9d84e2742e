import DepsReducer
import DepsTesting
import Testing

/// The reducer of issue 12: `.start` runs an effect sending `.first` then `.second`, and `.first`
/// returns `.send(.fromFirst)`.
private enum OrderAction: Equatable, Sendable {
  case start, first, second, fromFirst
  case startTimer, tick
  case load, loaded([String]), other
}

private struct OrderState: Equatable {
  var log: [String] = []
  var ticks = 0
  var items: [String] = []
  var loading = false
}

private struct OrderEnvironment: Sendable {
  var clock: TestClock
  var marker = "environment"
}

private let orderReducer = Reducer<OrderState, OrderAction, OrderEnvironment> {
  state, action, environment in
  switch action {
  case .start:
    return .run { send in
      await send(.first)
      await send(.second)
    }
  case .first:
    state.log.append("first")
    return .send(.fromFirst)
  case .fromFirst:
    state.log.append("fromFirst")
    return .none
  case .second:
    state.log.append("second")
    return .none
  case .startTimer:
    return .run { [clock = environment.clock] send in
      while true {
        try await clock.sleep(for: .seconds(1))
        await send(.tick)
      }
    }
  case .tick:
    state.ticks += 1
    return .none
  case .load:
    state.loading = true
    return .run { send in
      await send(.other)
      await send(.loaded(["a", "b"]))
    }
  case .loaded(let items):
    state.loading = false
    state.items = items
    return .none
  case .other:
    state.log.append("other")
    return .none
  }
}

@MainActor
private func makeOrderStore() -> TestStore<OrderState, OrderAction, OrderEnvironment> {
  TestStore(
    initialState: OrderState(), reducer: orderReducer,
    environment: OrderEnvironment(clock: TestClock()))
}

@MainActor
@Suite struct TestStoreOrderTests {
  @Test func receivesActionsInTheOrderAStoreHandlesThem() async {
    let store = makeOrderStore()
    await store.send(.start)
    await store.receive(.first) { $0.log = ["first"] }
    await store.receive(.fromFirst) { $0.log = ["first", "fromFirst"] }
    await store.receive(.second) { $0.log = ["first", "fromFirst", "second"] }
    await store.finish()
  }

  @Test func theStoreHandlesTheSameOrder() async {
    let store = Store(
      initialState: OrderState(), reducer: orderReducer,
      environment: OrderEnvironment(clock: TestClock()))
    await store.send(.start).finish()
    #expect(store.state.log == ["first", "fromFirst", "second"])
  }

  @Test func insideAnAssertClosureTheStateIsTheStateBeforeTheAction() async {
    let store = makeOrderStore()
    await store.send(.start)
    await store.receive(.first) {
      #expect(store.state.log == [])
      $0.log = ["first"]
    }
    await store.receive(.fromFirst) {
      #expect(store.state.log == ["first"])
      $0.log.append("fromFirst")
    }
    await store.receive(.second) { $0.log.append("second") }
    await store.finish()
  }

  @Test func aLongLivingEffectEndsWithTaskCancel() async {
    let store = makeOrderStore()
    let timer = await store.send(.startTimer)
    await store.environment.clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.environment.clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 2 }
    await timer.cancel()
    await store.finish()
  }

  @Test func aTaskFinishesWhenItsEffectsEnd() async {
    let store = makeOrderStore()
    let task = await store.send(.start)
    await task.finish()
    await store.skipReceivedActions()
    #expect(store.state.log == ["first", "fromFirst", "second"])
    await store.finish()
  }

  @Test func tasksAreHashableByWhatTheyStarted() async {
    let store = makeOrderStore()
    let first = await store.send(.tick) { $0.ticks = 1 }
    let second = await store.send(.tick) { $0.ticks = 2 }
    #expect(first == first)
    #expect(first != second)
    #expect(Set([first, second, first]).count == 2)
    await store.finish()
  }

  @Test func aNonExhaustiveTestAssertsOnlyTheEndState() async {
    let store = makeOrderStore()
    store.exhaustivity = .off
    await store.send(.load)
    await store.receive(.loaded(["a", "b"])) { $0.items = ["a", "b"] }
    #expect(store.state.loading == false)
    #expect(store.state.log == ["other"])
    await store.finish()
  }

  @Test func skipInFlightEffectsCancelsWhatRuns() async {
    let store = makeOrderStore()
    await store.send(.startTimer)
    await store.skipInFlightEffects()
    await store.finish()
  }

  @Test func receiveByCasePath() async {
    let store = makeOrderStore()
    await store.send(.load) { $0.loading = true }
    await store.receive(/OrderAction.other) { $0.log = ["other"] }
    await store.receive(/OrderAction.loaded) {
      $0.loading = false
      $0.items = ["a", "b"]
    }
    await store.finish()
  }

  @Test func theEnvironmentIsPublic() async {
    let store = makeOrderStore()
    #expect(store.environment.marker == "environment")
    await store.finish()
  }

  @Test func anAssertClosureThatChangesNothingFails() async {
    await expectFailures([
      """
      Expected state to change, but no change occurred.

      The assert closure of send(OrderAction.startTimer) left the state as it was. To fix: omit \
      the closure when the action should not change the state, or make the closure set what the \
      action changes.
      """
    ]) {
      let store = makeOrderStore()
      let timer = await store.send(.startTimer) { $0.log = [] }
      await timer.cancel()
      await store.finish()
    }
  }

  @Test func failuresNameACasePathAsItWasWritten() async {
    let nothingRunning = { (step: String) in
      """
      \(step) found no action to receive, and no effects are running.

      receive waits for the next action an effect sends. To fix: check that an effect sends this \
      action, or remove this receive.
      """
    }
    await expectFailures([
      nothingRunning("receive(/OrderAction.loaded)"),
      nothingRunning("receive(/OrderAction.other)"),
      nothingRunning("receive(a CasePath<OrderAction, Array<String>>)"),
    ]) {
      let store = makeOrderStore()
      await store.receive(/OrderAction.loaded)
      await store.receive(/OrderAction.other)
      await store.receive(
        CasePath(
          embed: OrderAction.loaded,
          extract: { if case .loaded(let items) = $0 { items } else { nil } }))
      await store.finish()
    }
  }

  @Test func aCasePathWhoseCaseIsLearnedFromTheActionReceivedIsNamed() async {
    // Two cases hold an `Int`: the payload's type does not tell the case, the action received
    // does.
    enum Action: Equatable, Sendable { case start, first(Int), second(Int) }
    await expectFailures([
      """
      receive(/Action.second) received a different action.

        + Action.first(1)

      A TestStore receives actions in the order the store handled them. To fix: receive \
      Action.first(1) first, or expect the action that is actually sent.
      """
    ]) {
      let store = TestStore(
        initialState: 0,
        reducer: Reducer<Int, Action, Void> { _, action, _ in
          action == .start ? .send(.first(1)) : .none
        },
        environment: ())
      await store.send(.start)
      await store.receive(/Action.second)
      await store.finish()
    }
  }

  @Test func aTaskStillRunningAfterItsTimeoutFails() async {
    await expectFailures([
      """
      The effects of send(OrderAction.startTimer) were still running after 0.05 seconds.

      TestStoreTask.finish(timeout:) waits for the effects one send started. To fix: send the \
      actions that end them, cancel them with await task.cancel(), or give them more time with \
      finish(timeout:).
      """
    ]) {
      let store = makeOrderStore()
      let timer = await store.send(.startTimer)
      await timer.finish(timeout: .milliseconds(50))
      await timer.cancel()
      await store.finish()
    }
  }

  @Test func aLongActionMismatchMarksOnlyTheLinesThatDiffer() async {
    let long = (0..<12).map { "item number \($0)" }
    let other = long.enumerated().map { $0.offset == 5 ? "changed" : $0.element }
    await expectFailures([
      """
      receive(\(ValueTextProbe.describe(OrderAction.loaded(long)))) received a different action.

        − expected
        + received

          ▿ OrderAction.loaded
            ▿ loaded: 12 elements
              - "item number 0"
              - "item number 1"
              - "item number 2"
              - "item number 3"
              - "item number 4"
        −     - "item number 5"
        +     - "changed"
              - "item number 6"
              - "item number 7"
              - "item number 8"
              - "item number 9"
              - "item number 10"
              - "item number 11"

      A TestStore receives actions in the order the store handled them. To fix: receive \
      \(ValueTextProbe.describe(OrderAction.loaded(other))) first, or expect the action that is \
      actually sent.
      """
    ]) {
      let store = TestStore(
        initialState: OrderState(),
        reducer: Reducer { state, action, _ in
          action == .load
            ? .send(.loaded(other))
            : orderReducer.run(&state, action, OrderEnvironment(clock: TestClock()))
        },
        environment: OrderEnvironment(clock: TestClock()))
      await store.send(.load)
      await store.receive(.loaded(long)) { $0.items = other }
      await store.finish()
    }
  }
}

/// The readable description a failure shows, as tests spell it.
private enum ValueTextProbe {
  static func describe(_ action: OrderAction) -> String {
    guard case .loaded(let items) = action else { return "\(action)" }
    return "OrderAction.loaded(\(items))"
  }
}
