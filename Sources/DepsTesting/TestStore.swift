import DepsCore
import DepsReducer

/// A store for tests that checks every state change and every action effects send.
///
/// Send actions with ``send(_:assert:fileID:file:line:column:)``, describing in the `assert` closure how the
/// state must change; receive the actions that effects send with
/// ``receive(_:timeout:assert:fileID:file:line:column:)``; end the test with ``finish(timeout:fileID:file:line:column:)``.
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
/// Effects run as tasks the store tracks. A store released without ``finish(timeout:fileID:file:line:column:)``
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
  /// Where the store was made: a store released without `finish()` reports there.
  private let site: SourceSite
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
  ///   - fileID: The file ID of the call site, for Swift Testing.
  ///   - file: The file a store released without ``finish(timeout:fileID:file:line:column:)`` reports in.
  ///   - line: The line a store released without ``finish(timeout:fileID:file:line:column:)`` reports at.
  ///   - column: The column reported with failures.
  public init(
    initialState: State,
    reducer: Reducer<State, Action, Environment>,
    environment: Environment,
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.state = initialState
    self.reducer = reducer
    self.environment = environment
    self.site = SourceSite(fileID: fileID, filePath: file, line: line, column: column)
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
  ///   - fileID: The file ID of the call site, for Swift Testing.
  ///   - file: The file to report failures in.
  ///   - line: The line to report failures at.
  ///   - column: The column reported with failures.
  public func send(
    _ action: Action,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = SourceSite(fileID: fileID, filePath: file, line: line, column: column)
    let step = "send(\(TestStoreMessages.describe(action)))"
    guard !failIfFinished(step, at: site) else { return }
    let unreceived = ledger.withLock { ledger in
      defer { ledger.received.removeAll() }
      return ledger.received
    }
    if !unreceived.isEmpty {
      reportTestStoreFailure(
        TestStoreMessages.unreceivedBeforeSend(action, unreceived: unreceived), at: site)
    }
    handle(action, step: step, update: update, at: site)
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
  ///   - fileID: The file ID of the call site, for Swift Testing.
  ///   - file: The file to report failures in.
  ///   - line: The line to report failures at.
  ///   - column: The column reported with failures.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration = .seconds(1),
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    let site = SourceSite(fileID: fileID, filePath: file, line: line, column: column)
    let step = "receive(\(TestStoreMessages.describe(expectedAction)))"
    guard !failIfFinished(step, at: site) else { return }
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
          TestStoreMessages.nothingRunning(expectedAction), at: site)
        return
      } else if clock.now >= deadline {
        reportTestStoreFailure(
          TestStoreMessages.nothingReceived(expectedAction, timeout: timeout), at: site)
        return
      } else {
        try? await Task.sleep(for: .milliseconds(1))
      }
    }
    guard let received else { return }
    if received != expectedAction {
      reportTestStoreFailure(
        TestStoreMessages.receivedOther(expected: expectedAction, received: received), at: site)
    }
    // The received action runs even when it is not the expected one, so the state stays true.
    handle(received, step: step, update: update, at: site)
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
  ///   - fileID: The file ID of the call site, for Swift Testing.
  ///   - file: The file to report failures in.
  ///   - line: The line to report failures at.
  ///   - column: The column reported with failures.
  public func finish(
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = SourceSite(fileID: fileID, filePath: file, line: line, column: column)
    guard !failIfFinished("finish()", at: site) else { return }
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
        TestStoreMessages.stillRunning(running, timeout: timeout), at: site)
    }
    if !unreceived.isEmpty {
      reportTestStoreFailure(
        TestStoreMessages.unreceivedAtFinish(unreceived), at: site)
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
      at: site)
  }

  private func failIfFinished(_ step: String, at site: SourceSite) -> Bool {
    guard ledger.withLock({ $0.isFinished }) else { return false }
    reportTestStoreFailure(TestStoreMessages.usedAfterFinish(step), at: site)
    return true
  }

  private func handle(
    _ action: Action, step: String, update: ((inout State) throws -> Void)?,
    at site: SourceSite
  ) {
    var expected = state
    let effect = reducer.run(&state, action, environment)
    start(effect)
    do {
      try update?(&expected)
    } catch {
      reportTestStoreFailure(
        TestStoreMessages.assertThrew(step: step, error: error), at: site)
      return
    }
    if expected != state {
      reportTestStoreFailure(
        TestStoreMessages.stateMismatch(step: step, expected: expected, actual: state),
        at: site)
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
