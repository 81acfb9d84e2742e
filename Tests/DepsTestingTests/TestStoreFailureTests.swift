import DepsReducer
import DepsTesting
import Testing

/// Runs `body` and expects it to record exactly the issues whose comments are `messages`.
@MainActor func expectFailures(
  _ messages: [String], sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @MainActor () async -> Void
) async {
  let recorded = IssueLog()
  await withKnownIssue {
    await body()
  } matching: { issue in
    let text = issue.comments.map(\.rawValue).joined(separator: "\n")
    recorded.append(text)
    return messages.contains(text)
  }
  #expect(recorded.texts == messages, sourceLocation: sourceLocation)
}

final class IssueLog: @unchecked Sendable {
  // @unchecked: appended to only from the matching closure of one `withKnownIssue`, then read
  // after it returned.
  private(set) var texts: [String] = []
  func append(_ text: String) { texts.append(text) }
}

/// The failure of `send(.increment)` on a counter at 0 when the assert closure sets `expected`.
func countMismatch(expected: Int) -> String {
  """
  The state after send(CounterAction.increment) does not match the expected state.

    − expected
    + actual

      ▿ Counter
    −   - count: \(expected)
    +   - count: 1
        - fact: nil

  A TestStore is exhaustive: the assert closure must make every change the reducer made, and \
  only those. To fix: change the assert closure so that the expected state matches the lines \
  marked +.
  """
}

/// The failure of `step` made while the two increments of `.twice` were unreceived.
private func twoIncrementsUnreceived(before step: String) -> String {
  """
  \(step) was called while 2 actions from effects had not been received.

    Unreceived:
      CounterAction.increment
      CounterAction.increment

  A TestStore is exhaustive: every action an effect sends must be received before the next send. \
  To fix: call await store.receive(...) for each of them before this send.
  """
}

/// The failure of a non-exhaustive receive, headed `headline`, that matched neither of the two
/// increments of `.twice`.
private func incrementsKept(after headline: String) -> String {
  """
  \(headline)

    Received, and kept:
      CounterAction.increment
      CounterAction.increment

  With exhaustivity off, receive skips the actions received before the one it expects; when none \
  matches, it skips nothing. To fix: check that an effect sends this action, or receive one of \
  the actions above.
  """
}

@MainActor
@Suite struct TestStoreFailureTests {
  // With 0 the closure changes nothing while the reducer did change the state: the mismatch is
  // what the test learns from, so it is reported before the no-change rule (as in TCA).
  @Test(arguments: [2, 0]) func sendFailsWhenTheStateDiffers(expected: Int) async {
    await expectFailures([countMismatch(expected: expected)]) {
      let store = makeStore()
      await store.send(.increment) { $0.count = expected }
      await store.finish()
    }
  }

  @Test func sendFailsWhenTheAssertClosureThrows() async {
    await expectFailures([
      """
      The assert closure of send(CounterAction.increment) threw an error.

        Error: AssertFailed()

      A TestStore compares the state with what the assert closure produced, so it must not throw. \
      To fix: make the assert closure succeed, or assert the error with a separate expectation.
      """
    ]) {
      let store = makeStore()
      await store.send(.increment) { _ in throw AssertFailed() }
      await store.finish()
    }
  }

  @Test func sendFailsWhenActionsWereNotReceivedAndKeepsThem() async {
    await expectFailures([
      twoIncrementsUnreceived(before: "send(CounterAction.failing)")
    ]) {
      let store = makeStore()
      await store.send(.twice)
      await store.send(.failing)
      // Kept (as in TCA): each is checked against the state it was reduced in, and the state
      // stays the one after the send that overtook them.
      await store.receive(.increment) {
        #expect($0.count == 0)
        $0.count = 1
      }
      await store.receive(.increment) { $0.count = 2 }
      #expect(store.state.count == 2)
      await store.send(.increment) { $0.count = 3 }
      await store.finish()
    }
  }

  @Test func theStateBeforeASendIncludesTheUnreceivedActions() async {
    await expectFailures([
      twoIncrementsUnreceived(before: "send(CounterAction.increment)")
    ]) {
      let store = makeStore()
      await store.send(.twice)
      await store.send(.increment) {
        #expect(store.state.count == 2)
        $0.count = 3
      }
      await store.receive(.increment) { $0.count = 1 }
      await store.receive(.increment) { $0.count = 2 }
      #expect(store.state.count == 3)
      await store.finish()
    }
  }

  @Test func aNonExhaustiveReceiveThatMatchesNothingKeepsTheActions() async {
    await expectFailures([
      incrementsKept(
        after: """
          receive(CounterAction.factLoaded("x")) found no matching action, and no effects are \
          running.
          """)
    ]) {
      let store = makeStore()
      store.exhaustivity = .off
      await store.send(.twice)
      await store.receive(.factLoaded("x"))
      await store.receive(.increment) { $0.count = 1 }
      await store.receive(.increment) { $0.count = 2 }
      await store.finish()
    }
  }

  @Test func aNonExhaustiveReceiveThatMatchesNothingTimesOut() async {
    await expectFailures([
      incrementsKept(
        after: """
          receive(/CounterAction.factLoaded) timed out after 0.05 seconds: no matching action \
          was received.
          """)
    ]) {
      let store = makeStore()
      store.exhaustivity = .off
      await store.send(.never)
      await store.send(.twice)
      await store.receive(/CounterAction.factLoaded, timeout: .milliseconds(50))
      await store.receive(.increment) { $0.count = 1 }
      await store.finish(timeout: .milliseconds(10))
    }
  }

  @Test func skippingNothingFailsWhenStrict() async {
    await expectFailures([
      "There were no received actions to skip.",
      "There were no in-flight effects to skip.",
    ]) {
      let store = makeStore()
      await store.send(.increment) { $0.count = 1 }
      await store.skipReceivedActions()
      await store.skipInFlightEffects()
      await store.skipReceivedActions(strict: false)
      await store.skipInFlightEffects(strict: false)
      await store.finish()
    }
  }

  @Test func aNonExhaustiveStoreReleasedWithoutFinishReportsNothing() async {
    var store: TestStore<Counter, CounterAction, CounterEnvironment>? = makeStore()
    store?.exhaustivity = .off
    await store?.send(.never)
    await store?.send(.twice)
    store = nil
    #expect(store == nil)
  }

  @Test func receiveFailsOnADifferentAction() async {
    await expectFailures([
      """
      receive(CounterAction.factLoaded("wrong")) received a different action.

        − CounterAction.factLoaded("wrong")
        + CounterAction.factLoaded("0 is a number")

      A TestStore receives actions in the order the store handled them. To fix: receive \
      CounterAction.factLoaded("0 is a number") first, or expect the action that \
      is actually sent.
      """
    ]) {
      let store = makeStore()
      await store.send(.factTapped)
      await store.receive(.factLoaded("wrong")) { $0.fact = "0 is a number" }
      await store.finish()
    }
  }

  @Test func receiveFailsAtOnceWhenNothingRuns() async {
    await expectFailures([
      """
      receive(CounterAction.increment) found no action to receive, and no \
      effects are running.

      receive waits for the next action an effect sends. To fix: check that an effect sends this \
      action, or remove this receive.
      """
    ]) {
      let store = makeStore()
      await store.receive(.increment)
      await store.finish()
    }
  }

  @Test func receiveFailsAfterTheTimeout() async {
    await expectFailures([
      """
      receive(CounterAction.increment) timed out after 0.05 seconds: no action \
      was received.

      receive waits for the next action an effect sends. To fix: check that an effect sends this \
      action, or give slow effects more time with receive(_:timeout:).
      """,
      """
      finish() timed out after 0.01 seconds with 1 effect still running.

      A TestStore is exhaustive: every effect must end before the test does. The running effects \
      were cancelled. To fix: send the actions that end them, use dependencies that return at \
      once, or give them more time with finish(timeout:).
      """,
    ]) {
      let store = makeStore()
      await store.send(.never)
      await store.receive(.increment, timeout: .milliseconds(50))
      await store.finish(timeout: .milliseconds(10))
    }
  }

  @Test func finishFailsOnUnreceivedActions() async {
    await expectFailures([
      """
      finish() found 1 action from effects that had not been received.

        Unreceived:
          CounterAction.factLoaded("0 is a number")

      A TestStore is exhaustive: every action an effect sends must be received. To fix: call \
      await store.receive(...) for each of them before finish().
      """
    ]) {
      let store = makeStore()
      await store.send(.factTapped)
      await store.finish()
    }
  }

  @Test func releaseWithoutFinishReportsWhatWasLeftOnce() async {
    await expectFailures([
      """
      A TestStore was released without finish(), with 1 effect still running and 1 action from \
      effects not received.

        Unreceived:
          CounterAction.increment

      A TestStore is exhaustive: a test must receive every action and let every effect end. The \
      running effects were cancelled. To fix: end the test with await store.finish(), after \
      receiving each action.
      """
    ]) {
      var store: TestStore<Counter, CounterAction, CounterEnvironment>? = makeStore()
      await store?.send(.never)
      await store?.send(.increment) { $0.count = 1 }
      await store?.send(.twice)
      await store?.receive(.increment) { $0.count = 2 }
      store = nil
    }
  }

  @Test func releaseAfterFinishReportsNothingAgain() async {
    await expectFailures([
      """
      finish() timed out after 0.01 seconds with 1 effect still running.

      A TestStore is exhaustive: every effect must end before the test does. The running effects \
      were cancelled. To fix: send the actions that end them, use dependencies that return at \
      once, or give them more time with finish(timeout:).
      """
    ]) {
      var store: TestStore<Counter, CounterAction, CounterEnvironment>? = makeStore()
      await store?.send(.never)
      await store?.finish(timeout: .milliseconds(10))
      store = nil
    }
  }

  @Test func releaseWithNothingLeftReportsNothing() async {
    var store: TestStore<Counter, CounterAction, CounterEnvironment>? = makeStore()
    await store?.send(.increment) { $0.count = 1 }
    store = nil
    #expect(store == nil)
  }

  @Test func usingTheStoreAfterFinishFails() async {
    let message = { (call: String) in
      """
      \(call) was called on a TestStore after finish().

      finish() ends a TestStore's test: it checks that nothing is left and stops tracking \
      effects. To fix: call finish() once, at the end of the test, after every send and receive; \
      use a new TestStore for another test.
      """
    }
    await expectFailures([
      message("send(CounterAction.increment)"),
      message("receive(CounterAction.increment)"),
      message("finish()"),
      message("skipReceivedActions()"),
      message("skipInFlightEffects()"),
    ]) {
      let store = makeStore()
      await store.finish()
      await store.send(.increment)
      await store.receive(.increment)
      await store.finish()
      await store.skipReceivedActions()
      await store.skipInFlightEffects()
    }
  }
}

/// The failures of the feature of TestStoreOrderTests.swift: an assert closure that changes nothing,
/// a case path named as it was written, and a long action mismatch marked line by line.
extension TestStoreFailureTests {
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
