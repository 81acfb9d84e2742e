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
    ]) {
      let store = makeStore()
      await store.finish()
      await store.send(.increment)
      await store.receive(.increment)
      await store.finish()
    }
  }
}
