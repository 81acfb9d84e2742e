import DepsCore

/// The exact texts of TestStore failures: what happened, the rule, and "To fix: ...".
enum TestStoreMessages {
  static func describe<Action>(_ action: Action) -> String {
    ValueText.describe(action)
  }

  private static func list<Action>(_ actions: [Action]) -> String {
    actions.map { "    \(describe($0))" }.joined(separator: "\n")
  }

  private static func list(descriptions: [String]) -> String {
    descriptions.map { "    \($0)" }.joined(separator: "\n")
  }

  static func stateMismatch<State>(step: String, expected: State, actual: State) -> String {
    let diff = TextDiff.lines(expected: ValueText.dumped(expected), actual: ValueText.dumped(actual))
    return """
      The state after \(step) does not match the expected state.

        − expected
        + actual

      \(diff.map { "  " + $0 }.joined(separator: "\n"))

      A TestStore is exhaustive: the assert closure must make every change the reducer made, and \
      only those. To fix: change the assert closure so that the expected state matches the lines \
      marked +.
      """
  }

  static func assertThrew(step: String, error: any Error) -> String {
    """
    The assert closure of \(step) threw an error.

      Error: \(describe(error))

    A TestStore compares the state with what the assert closure produced, so it must not throw. \
    To fix: make the assert closure succeed, or assert the error with a separate expectation.
    """
  }

  static func unreceivedBeforeSend<Action>(_ action: Action, unreceived: [Action]) -> String {
    """
    send(\(describe(action))) was called while \(count(unreceived.count, "action")) from effects \
    had not been received.

      Unreceived:
    \(list(unreceived))

    A TestStore is exhaustive: every action an effect sends must be received before the next \
    send. To fix: call await store.receive(...) for each of them before this send.
    """
  }

  static func nothingReceived(_ step: String, timeout: Duration) -> String {
    """
    \(step) timed out after \(timeout): no action was received.

    receive waits for the next action an effect sends. To fix: check that an effect sends this \
    action, or give slow effects more time with receive(_:timeout:).
    """
  }

  static func nothingRunning(_ step: String) -> String {
    """
    \(step) found no action to receive, and no effects are running.

    receive waits for the next action an effect sends. To fix: check that an effect sends this \
    action, or remove this receive.
    """
  }

  /// A non-exhaustive `receive` that found no matching action among those received; `timeout` is
  /// `nil` when it stopped because no effect was running.
  static func noMatchingAction<Action>(
    _ step: String, received: [Action], timeout: Duration?
  ) -> String {
    let headline =
      if let timeout {
        "\(step) timed out after \(timeout): no matching action was received."
      } else {
        "\(step) found no matching action, and no effects are running."
      }
    return """
      \(headline)

        Received, and kept:
      \(list(received))

      With exhaustivity off, receive skips the actions received before the one it expects; \
      when none matches, it skips nothing. To fix: check that an effect sends this action, or \
      receive one of the actions above.
      """
  }

  static func receivedOther<Action>(step: String, expected: Action?, received: Action) -> String {
    """
    \(step) received a different action.

    \(actionDiff(expected: expected, received: received).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n"))

    A TestStore receives actions in the order the store handled them. To fix: receive \
    \(describe(received)) first, or expect the action that is actually sent.
    """
  }

  /// Short actions as one `−` and one `+` line; long ones line by line, marking only the lines
  /// that differ.
  private static func actionDiff<Action>(expected: Action?, received: Action) -> [String] {
    guard let expected else { return ["+ " + describe(received)] }
    let (old, new) = (describe(expected), describe(received))
    if old.count + new.count <= 160 { return ["− " + old, "+ " + new] }
    return ["− expected", "+ received", ""]
      + TextDiff.lines(expected: ValueText.dumped(expected), actual: ValueText.dumped(received))
  }

  static func noChange(step: String) -> String {
    """
    Expected state to change, but no change occurred.

    The assert closure of \(step) left the state as it was. To fix: omit the closure when the \
    action should not change the state, or make the closure set what the action changes.
    """
  }

  static func negativeTimeout(_ call: String, timeout: Duration) -> String {
    """
    \(call) was given a negative timeout, \(timeout).

    A timeout is how long to wait for effects, in time they could run; a negative one is taken \
    as .zero, which checks once, without waiting. To fix: pass .zero or a positive timeout.
    """
  }

  static func taskStillRunning(step: String, timeout: Duration) -> String {
    """
    The effects of \(step) were still running after \(timeout).

    TestStoreTask.finish(timeout:) waits for the effects one send started. To fix: send the \
    actions that end them, cancel them with await task.cancel(), or give them more time with \
    finish(timeout:).
    """
  }

  static func skippedActions<Action>(_ actions: [Action], reason: String) -> String {
    skippedActions(descriptions: actions.map { describe($0) }, reason: reason)
  }

  static func skippedActions(descriptions: [String], reason: String) -> String {
    """
    Skipped receiving \(count(descriptions.count, "action")) \(reason):
    \(list(descriptions: descriptions))
    """
  }

  /// TCA's texts (this and the next), word for word, so that tests ported from TCA pass.
  static let noReceivedActionsToSkip = "There were no received actions to skip."

  static let noInFlightEffectsToSkip = "There were no in-flight effects to skip."

  static func skippedEffects(_ running: Int) -> String {
    "Skipped \(count(running, "effect")) still running: cancelled."
  }

  static func skippedStateChanges<State>(step: String, expected: State, actual: State) -> String {
    let diff = TextDiff.lines(expected: ValueText.dumped(expected), actual: ValueText.dumped(actual))
    return """
      Skipped assertions of \(step): the state changed in ways the assert closure did not state.

      \(diff.map { "  " + $0 }.joined(separator: "\n"))
      """
  }

  static func stillRunning(_ running: Int, timeout: Duration) -> String {
    """
    finish() timed out after \(timeout) with \(count(running, "effect")) still running.

    A TestStore is exhaustive: every effect must end before the test does. The running effects \
    were cancelled. To fix: send the actions that end them, use dependencies that return at \
    once, or give them more time with finish(timeout:).
    """
  }

  static func unreceivedAtFinish<Action>(_ unreceived: [Action]) -> String {
    """
    finish() found \(count(unreceived.count, "action")) from effects that had not been received.

      Unreceived:
    \(list(unreceived))

    A TestStore is exhaustive: every action an effect sends must be received. To fix: call \
    await store.receive(...) for each of them before finish().
    """
  }

  static func releasedWithoutFinish(running: Int, unreceived: [String]) -> String {
    var left: [String] = []
    if running > 0 { left.append("\(count(running, "effect")) still running") }
    if !unreceived.isEmpty {
      left.append("\(count(unreceived.count, "action")) from effects not received")
    }
    var message = """
      A TestStore was released without finish(), with \(left.joined(separator: " and ")).
      """
    if !unreceived.isEmpty {
      message += "\n\n  Unreceived:\n\(list(descriptions: unreceived))"
    }
    message += """


      A TestStore is exhaustive: a test must receive every action and let every effect end. \
      The running effects were cancelled. To fix: end the test with await store.finish(), after \
      receiving each action.
      """
    return message
  }

  static func usedAfterFinish(_ call: String) -> String {
    """
    \(call) was called on a TestStore after finish().

    finish() ends a TestStore's test: it checks that nothing is left and stops tracking \
    effects. To fix: call finish() once, at the end of the test, after every send and receive; \
    use a new TestStore for another test.
    """
  }

  private static func count(_ number: Int, _ noun: String) -> String {
    number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
  }
}
