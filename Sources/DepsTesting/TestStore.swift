import DepsCore
import DepsReducer

/// A store for tests that checks every state change and every action effects send.
///
/// Send actions with ``send(_:assert:file:line:)``, describing in the `assert` closure how the
/// state must change; receive the actions that effects send with
/// ``receive(_:timeout:assert:file:line:)``; end the test with ``finish(timeout:file:line:)``.
/// The store is exhaustive: a state change the closure did not describe, an action from an effect
/// that was not received, or an effect still running at the end fails the test, with a message
/// showing what differs. Failures go to Swift Testing or XCTest, whichever runs the test.
///
/// ```swift
/// @Test @MainActor func loadsFact() async {
///   let store = TestStore(initialState: CounterState(), reducer: counterReducer,
///                         environment: CounterEnvironment(fact: { "\($0) is a number" }))
///   await store.send(.increment) { $0.count = 1 }
///   await store.send(.factTapped)
///   await store.receive(.factLoaded("1 is a number")) { $0.fact = "1 is a number" }
///   await store.finish()
/// }
/// ```
///
/// Effects run as tasks the store tracks. A store released without ``finish(timeout:file:line:)``
/// reports, once, the effects still running and the actions not received, and cancels those
/// effects. `TestStore` is not `Sendable`: it is isolated to the main actor.
@MainActor
public final class TestStore<State: Equatable, Action, Environment> {
  /// The current state: the state after the last action the store handled.
  ///
  /// ```swift
  /// await store.send(.increment) { $0.count = 1 }
  /// #expect(store.state.count == 1)
  /// ```
  public private(set) var state: State

  private let reducer: Reducer<State, Action, Environment>
  private let environment: Environment
  private let file: StaticString
  private let line: UInt
  // Behind a lock so that effects (any thread) and the nonisolated `deinit` can reach it.
  private let ledger = Locked(TestStoreLedger<Action>())
  private let effects = EffectRuntime()

  /// Creates a test store.
  ///
  /// ```swift
  /// let store = TestStore(initialState: AppState(), reducer: appReducer, environment: .test)
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state the store starts with.
  ///   - reducer: The reducer under test.
  ///   - environment: The environment passed to the reducer, usually with test dependencies.
  ///   - file: The file a store released without ``finish(timeout:file:line:)`` reports in.
  ///   - line: The line a store released without ``finish(timeout:file:line:)`` reports at.
  public init(
    initialState: State,
    reducer: Reducer<State, Action, Environment>,
    environment: Environment,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    self.state = initialState
    self.reducer = reducer
    self.environment = environment
    self.file = file
    self.line = line
  }

  /// Sends an action and checks how the state changed.
  ///
  /// Fails the test when actions from effects were left unreceived before this send, or when the
  /// state after the reducer differs from the state the `assert` closure makes out of the state
  /// before it. Without a closure the state must not change.
  ///
  /// ```swift
  /// await store.send(.increment) { $0.count = 1 }
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - update: Changes the state before the action into the expected state after it.
  ///   - file: The file to report failures in.
  ///   - line: The line to report failures at.
  public func send(
    _ action: Action,
    assert update: ((inout State) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async {
    let step = "send(\(TestStoreMessages.describe(action)))"
    guard !failIfFinished(step, file: file, line: line) else { return }
    let unreceived = ledger.withLock { ledger in
      defer { ledger.received.removeAll() }
      return ledger.received
    }
    if !unreceived.isEmpty {
      reportTestStoreFailure(
        TestStoreMessages.unreceivedBeforeSend(action, unreceived: unreceived), file: file,
        line: line)
    }
    handle(action, step: step, update: update, file: file, line: line)
    // Let the effects just started begin running before the test goes on.
    await Task.yield()
  }

  /// Waits for the next action an effect sends, checks it is `expectedAction`, handles it and
  /// checks how the state changed.
  ///
  /// Fails the test when no action arrives within `timeout` (at once when no effect is running),
  /// when a different action arrives (the message shows both), or when the state after the reducer
  /// differs from the state the `assert` closure makes.
  ///
  /// ```swift
  /// await store.send(.factTapped)
  /// await store.receive(.factLoaded("1 is a number")) { $0.fact = "1 is a number" }
  /// ```
  ///
  /// - Parameters:
  ///   - expectedAction: The action an effect must send next.
  ///   - timeout: How long to wait for an action.
  ///   - update: Changes the state before the action into the expected state after it.
  ///   - file: The file to report failures in.
  ///   - line: The line to report failures at.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration = .seconds(1),
    assert update: ((inout State) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async where Action: Equatable {
    let step = "receive(\(TestStoreMessages.describe(expectedAction)))"
    guard !failIfFinished(step, file: file, line: line) else { return }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var received: Action?
    while received == nil {
      let (next, isRunning) = ledger.withLock { ledger -> (Action?, Bool) in
        ledger.received.isEmpty
          ? (nil, self.effects.runningCount > 0) : (ledger.received.removeFirst(), true)
      }
      if let next {
        received = next
      } else if !isRunning {
        reportTestStoreFailure(
          TestStoreMessages.nothingRunning(expectedAction), file: file, line: line)
        return
      } else if clock.now >= deadline {
        reportTestStoreFailure(
          TestStoreMessages.nothingReceived(expectedAction, timeout: timeout), file: file,
          line: line)
        return
      } else {
        try? await Task.sleep(for: .milliseconds(1))
      }
    }
    guard let received else { return }
    if received != expectedAction {
      reportTestStoreFailure(
        TestStoreMessages.receivedOther(expected: expectedAction, received: received), file: file,
        line: line)
    }
    // The received action runs even when it is not the expected one, so the state stays true.
    handle(received, step: step, update: update, file: file, line: line)
    await Task.yield()
  }

  /// Waits for every effect to end, then checks that every action they sent was received.
  ///
  /// Fails the test when effects are still running after `timeout` (they are then cancelled) or
  /// when actions were left unreceived. After `finish` the store is done: using it again fails.
  ///
  /// ```swift
  /// await store.send(.refresh)
  /// await store.receive(.loaded([]))
  /// await store.finish()
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for running effects to end.
  ///   - file: The file to report failures in.
  ///   - line: The line to report failures at.
  public func finish(
    timeout: Duration = .seconds(1),
    file: StaticString = #filePath,
    line: UInt = #line
  ) async {
    guard !failIfFinished("finish()", file: file, line: line) else { return }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while effects.runningCount > 0, clock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
    let unreceived = ledger.withLock { ledger in
      ledger.isFinished = true
      defer { ledger.received.removeAll() }
      return ledger.received
    }
    let running = effects.runningCount
    effects.cancelAll()
    if running > 0 {
      reportTestStoreFailure(
        TestStoreMessages.stillRunning(running, timeout: timeout), file: file, line: line)
    }
    if !unreceived.isEmpty {
      reportTestStoreFailure(
        TestStoreMessages.unreceivedAtFinish(unreceived), file: file, line: line)
    }
  }

  deinit {
    let (isFinished, unreceived) = ledger.withLock { ledger in
      defer {
        ledger.received.removeAll()
        ledger.isFinished = true
      }
      return (ledger.isFinished, ledger.received)
    }
    let running = effects.runningCount
    effects.cancelAll()
    // What `finish()` already reported was cleared then; only what is left now is reported.
    guard !isFinished, !(unreceived.isEmpty && running == 0) else { return }
    reportTestStoreFailure(
      TestStoreMessages.releasedWithoutFinish(running: running, unreceived: unreceived),
      file: file, line: line)
  }

  private func failIfFinished(_ step: String, file: StaticString, line: UInt) -> Bool {
    guard ledger.withLock({ $0.isFinished }) else { return false }
    reportTestStoreFailure(TestStoreMessages.usedAfterFinish(step), file: file, line: line)
    return true
  }

  private func handle(
    _ action: Action, step: String, update: ((inout State) throws -> Void)?,
    file: StaticString, line: UInt
  ) {
    var expected = state
    let effect = reducer.run(&state, action, environment)
    start(effect)
    do {
      try update?(&expected)
    } catch {
      reportTestStoreFailure(
        TestStoreMessages.assertThrew(step: step, error: error), file: file, line: line)
      return
    }
    if expected != state {
      reportTestStoreFailure(
        TestStoreMessages.stateMismatch(step: step, expected: expected, actual: state),
        file: file, line: line)
    }
  }

  private func start(_ effect: Effect<Action>) {
    let ledger = self.ledger
    // The shared effect runtime runs the effects; the ledger counts them for finish().
    effects.start(
      effect, group: EffectGroup(), origin: { "an action sent to the TestStore" },
      send: Send<Action> { action in
        guard !(RunningEffect.current?.isCancelled ?? false) else { return }
        ledger.withLock { ledger in
          // Actions sent after finish() are dropped: the test is over.
          guard !ledger.isFinished else { return }
          ledger.received.append(action)
        }
      },
      sendNow: { action in ledger.withLock { $0.received.append(action) } })
  }
}
