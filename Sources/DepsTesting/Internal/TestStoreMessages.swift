/// The exact texts of TestStore failures: what happened, the rule, and "To fix: ...".
enum TestStoreMessages {
  static func describe<Action>(_ action: Action) -> String {
    String(reflecting: action)
  }

  private static func list<Action>(_ actions: [Action]) -> String {
    actions.map { "    \(describe($0))" }.joined(separator: "\n")
  }

  static func stateMismatch<State>(step: String, expected: State, actual: State) -> String {
    let diff = TextDiff.lines(
      expected: TextDiff.dumped(expected), actual: TextDiff.dumped(actual))
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

      Error: \(String(reflecting: error))

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

  static func nothingReceived<Action>(_ expected: Action, timeout: Duration) -> String {
    """
    receive(\(describe(expected))) timed out after \(timeout): no action was received.

    receive waits for the next action an effect sends. To fix: check that an effect sends this \
    action, or give slow effects more time with receive(_:timeout:).
    """
  }

  static func nothingRunning<Action>(_ expected: Action) -> String {
    """
    receive(\(describe(expected))) found no action to receive, and no effects are running.

    receive waits for the next action an effect sends. To fix: check that an effect sends this \
    action, or remove this receive.
    """
  }

  static func receivedOther<Action>(expected: Action, received: Action) -> String {
    """
    receive(\(describe(expected))) received a different action.

      − \(describe(expected))
      + \(describe(received))

    A TestStore receives actions in the order effects send them. To fix: receive \
    \(describe(received)) first, or expect the action that is actually sent.
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

  static func releasedWithoutFinish<Action>(running: Int, unreceived: [Action]) -> String {
    var left: [String] = []
    if running > 0 { left.append("\(count(running, "effect")) still running") }
    if !unreceived.isEmpty {
      left.append("\(count(unreceived.count, "action")) from effects not received")
    }
    var message = """
      A TestStore was released without finish(), with \(left.joined(separator: " and ")).
      """
    if !unreceived.isEmpty {
      message += "\n\n  Unreceived:\n\(list(unreceived))"
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
