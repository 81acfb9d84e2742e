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

@MainActor
@Suite struct TestStoreFailureTests {
  @Test func sendFailsWhenTheStateDiffers() async {
    await expectFailures([
      """
      The state after send(CounterAction.increment) does not match the expected \
      state.

        − expected
        + actual

          ▿ Counter
        −   - count: 2
        +   - count: 1
            - fact: nil

      A TestStore is exhaustive: the assert closure must make every change the reducer made, and \
      only those. To fix: change the assert closure so that the expected state matches the lines \
      marked +.
      """
    ]) {
      let store = makeStore()
      await store.send(.increment) { $0.count = 2 }
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

  @Test func sendFailsWhenActionsWereNotReceived() async {
    await expectFailures([
      """
      send(CounterAction.failing) was called while 2 actions from effects had \
      not been received.

        Unreceived:
          CounterAction.increment
          CounterAction.increment

      A TestStore is exhaustive: every action an effect sends must be received before the next \
      send. To fix: call await store.receive(...) for each of them before this send.
      """
    ]) {
      let store = makeStore()
      await store.send(.twice)
      await store.send(.failing)
      await store.finish()
    }
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
