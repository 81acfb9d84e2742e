import DepsCore
import DepsReducer

/// A store for tests that checks every state change and every action effects send.
///
/// Send actions with ``send(_:assert:fileID:file:line:column:)``, describing in the `assert`
/// closure how the state must change; receive the actions that effects send with
/// ``receive(_:timeout:assert:fileID:file:line:column:)-(Action,_,_,_,_,_,_)``; end the test with
/// ``finish(timeout:fileID:file:line:column:)``. By default the store is exhaustive: a state change
/// the closure did not describe, an action from an effect that was not received, or an effect
/// still running at the end fails the test, with a message showing what differs. Set
/// ``exhaustivity`` to ``Exhaustivity/off`` to assert only what a test cares about. Failures go to
/// Swift Testing or XCTest, whichever runs the test.
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
/// Actions are handled in exactly the order a `Store` handles them: an action an effect sends
/// is reduced when it arrives, and ``receive(_:timeout:assert:fileID:file:line:column:)-(Action,_,_,_,_,_,_)`` checks
/// the queue of what arrived, with the state each action produced. A store released without
/// ``finish(timeout:fileID:file:line:column:)`` reports, once, the effects still running and the
/// actions not received, and cancels those effects. `TestStore` is not `Sendable`: it is isolated
/// to the main actor.
@MainActor
public final class TestStore<State: Equatable, Action, Environment> {
  /// The state as the test has asserted it so far: the state after the last action sent or
  /// received.
  ///
  /// Inside an `assert` closure it is still the state before the action.
  ///
  /// ```swift
  /// await store.send(.increment) { $0.count = 1 }
  /// #expect(store.state.count == 1)
  /// ```
  public private(set) var state: State

  /// The environment the reducer runs with: reach the mocks a test gave it.
  ///
  /// ```swift
  /// let store = TestStore(initialState: AppState(), reducer: appReducer, environment: env)
  /// store.environment.uuid     // the generator the test set
  /// ```
  public let environment: Environment

  /// How strictly the store checks the test: ``Exhaustivity/on`` (the default) or
  /// ``Exhaustivity/off``.
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// await store.send(.refresh)
  /// await store.receive(.loaded(items)) { $0.items = items }   // other fields unchecked
  /// ```
  public var exhaustivity: Exhaustivity = .on

  /// The reducer's own state: ahead of ``state`` while received actions wait to be asserted.
  private var reducerState: State
  private let reducer: Reducer<State, Action, Environment>
  /// Where the store was made: a store released without `finish()` reports there.
  private let site: SourceSite
  /// Actions effects sent, with the state each produced, not yet received by the test.
  private var received: [(action: Action, state: State)] = []
  /// Actions waiting while another is handled.
  private let queue = ActionQueue<Action>()
  /// What `deinit` (nonisolated) needs: unreceived actions' descriptions, and whether the test
  /// finished.
  private let ledger = Locked(TestStoreLedger())
  private let effects = EffectRuntime()
  /// Where effects send their actions: holds the store weakly, so effects capture neither the
  /// store nor its `State` type.
  private let inbox = EffectInbox<Action>()

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
  ///   - file: The file a store released without ``finish(timeout:fileID:file:line:column:)``
  ///     reports in.
  ///   - line: The line a store released without ``finish(timeout:fileID:file:line:column:)``
  ///     reports at.
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
    self.reducerState = initialState
    self.reducer = reducer
    self.environment = environment
    self.site = SourceSite(fileID: fileID, filePath: file, line: line, column: column)
    inbox.handle = { [weak self] action in self?.arrived(action) }
  }

  /// Sends an action and checks how the state changed.
  ///
  /// Inside `update`, ``state`` is the state before the action; the closure changes its argument
  /// into the state the action must produce. Without a closure the state must not change; a
  /// closure that changes nothing fails ("Expected state to change, but no change occurred.").
  /// When exhaustive, the send also fails if actions from effects were left unreceived.
  ///
  /// ```swift
  /// await store.send(.increment) { $0.count = 1 }
  /// let timer = await store.send(.startTimer)
  /// await timer.cancel()
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - update: Changes the state before the action into the expected state after it.
  ///   - fileID: The file ID of the call site, for Swift Testing.
  ///   - file: The file to report failures in.
  ///   - line: The line to report failures at.
  ///   - column: The column reported with failures.
  /// - Returns: The effects this action started (and those of the actions they send), to cancel
  ///   or wait for.
  @discardableResult
  public func send(
    _ action: Action,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let site = SourceSite(fileID: fileID, filePath: file, line: line, column: column)
    let step = "send(\(ValueText.describe(action)))"
    let group = EffectGroup(runtime: effects)
    let task = TestStoreTask(group: group, step: step)
    guard !failIfFinished(step, at: site) else { return task }
    if !received.isEmpty {
      if case .on = exhaustivity {
        reportTestStoreFailure(
          TestStoreMessages.unreceivedBeforeSend(action, unreceived: received.map(\.action)),
          at: site)
      }
      skipReceived(showing: "before \(step)")
    }
    let before = state
    let after = handle(action, group: group)
    check(step: step, before: before, update: update, actual: after, at: site)
    state = after
    drain()
    // Let the effects just started begin running before the test goes on.
    await Task.yield()
    return task
  }

  /// Waits for the next action an effect sent, checks it is `expectedAction`, and checks the
  /// state it produced.
  ///
  /// Fails the test when no action arrives within `timeout` (at once when no effect is running),
  /// when a different action arrives (the message shows a `−`/`+` diff of both), or when the
  /// state the action produced differs from what `update` makes of ``state``. With exhaustivity
  /// off, actions before the expected one are skipped.
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
    await receive(
      step: "receive(\(ValueText.describe(expectedAction)))", expected: expectedAction,
      matches: { $0 == expectedAction }, timeout: timeout, update: update, at: site)
  }

  /// Waits for the next action an effect sent, checks it is in the case `casePath` names, and
  /// checks the state it produced.
  ///
  /// For actions that are not `Equatable`, or whose payload a test need not spell out.
  ///
  /// ```swift
  /// await store.receive(/FeatureAction.results) { $0.results = ["apple"] }
  /// ```
  ///
  /// - Parameters:
  ///   - casePath: The case the next action must be in.
  ///   - timeout: How long to wait for an action.
  ///   - update: Changes the state before the action into the expected state after it.
  ///   - fileID: The file ID of the call site, for Swift Testing.
  ///   - file: The file to report failures in.
  ///   - line: The line to report failures at.
  ///   - column: The column reported with failures.
  public func receive<Value>(
    _ casePath: CasePath<Action, Value>,
    timeout: Duration = .seconds(1),
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = SourceSite(fileID: fileID, filePath: file, line: line, column: column)
    await receive(
      step: "receive(\(ValueText.describe(casePath)))", expected: nil,
      matches: { casePath.extract(from: $0) != nil }, timeout: timeout, update: update, at: site)
  }

  private func receive(
    step: String, expected: Action?, matches: (Action) -> Bool, timeout: Duration,
    update: ((inout State) throws -> Void)?, at site: SourceSite
  ) async {
    guard !failIfFinished(step, at: site) else { return }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while true {
      if case .off = exhaustivity {
        // Not exhaustive: actions before the expected one are skipped.
        while let first = received.first, !matches(first.action) {
          skipReceived(count: 1, showing: "before \(step)")
        }
      }
      if !received.isEmpty { break }
      if effects.runningCount == 0 {
        reportTestStoreFailure(TestStoreMessages.nothingRunning(step), at: site)
        return
      }
      if clock.now >= deadline {
        reportTestStoreFailure(TestStoreMessages.nothingReceived(step, timeout: timeout), at: site)
        return
      }
      try? await Task.sleep(for: .milliseconds(1))
    }
    let (action, after) = received.removeFirst()
    _ = ledger.withLock { $0.unreceived.removeFirst() }
    if !matches(action) {
      reportTestStoreFailure(
        TestStoreMessages.receivedOther(step: step, expected: expected, received: action),
        at: site)
    }
    // The received action's state is taken even when it is not the expected one, so the state
    // stays true.
    let before = state
    check(step: step, before: before, update: update, actual: after, at: site)
    state = after
    await Task.yield()
  }

  /// Drops the actions effects sent that the test has not received, taking the state they
  /// produced.
  ///
  /// ```swift
  /// await store.send(.onAppear)
  /// await store.skipReceivedActions()
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The file ID of the call site, for Swift Testing.
  ///   - file: The file to report failures in.
  ///   - line: The line to report failures at.
  ///   - column: The column reported with failures.
  public func skipReceivedActions(
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = SourceSite(fileID: fileID, filePath: file, line: line, column: column)
    guard !failIfFinished("skipReceivedActions()", at: site) else { return }
    await Task.yield()
    skipReceived(showing: "by skipReceivedActions()")
  }

  /// Cancels the effects still running, so that the test can end without waiting for them.
  ///
  /// ```swift
  /// await store.send(.startTimer)
  /// await store.skipInFlightEffects()
  /// await store.finish()
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The file ID of the call site, for Swift Testing.
  ///   - file: The file to report failures in.
  ///   - line: The line to report failures at.
  ///   - column: The column reported with failures.
  public func skipInFlightEffects(
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = SourceSite(fileID: fileID, filePath: file, line: line, column: column)
    guard !failIfFinished("skipInFlightEffects()", at: site) else { return }
    let running = effects.runningCount
    if running > 0, case .off(showSkippedAssertions: true) = exhaustivity {
      print(TestStoreMessages.skippedEffects(running))
    }
    effects.cancelRunning()
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(1))
    while effects.runningCount > 0, clock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
  }

  /// Waits for every effect to end, then checks that every action they sent was received.
  ///
  /// Fails the test, when exhaustive, if effects are still running after `timeout` (they are
  /// then cancelled) or actions were left unreceived. After `finish` the store is done: using it
  /// again fails.
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
    let running = effects.runningCount
    effects.cancelAll()
    ledger.withLock { $0.isFinished = true }
    let isExhaustive = exhaustivity == .on
    if running > 0, isExhaustive {
      reportTestStoreFailure(TestStoreMessages.stillRunning(running, timeout: timeout), at: site)
    }
    if !received.isEmpty, isExhaustive {
      reportTestStoreFailure(
        TestStoreMessages.unreceivedAtFinish(received.map(\.action)), at: site)
    }
    skipReceived(showing: "at finish()")
  }

  deinit {
    let (isFinished, unreceived) = ledger.withLock { ledger in
      defer {
        ledger.unreceived.removeAll()
        ledger.isFinished = true
      }
      return (ledger.isFinished, ledger.unreceived)
    }
    let running = effects.runningCount
    effects.cancelAll()
    // What `finish()` already reported was cleared then; only what is left now is reported.
    guard !isFinished, !(unreceived.isEmpty && running == 0) else { return }
    reportTestStoreFailure(
      TestStoreMessages.releasedWithoutFinish(running: running, unreceived: unreceived), at: site)
  }

  // MARK: Handling actions

  /// Runs the reducer for `action`, starts its effects, and returns the state right after it
  /// (before the actions its `.send` effects queued).
  private func handle(_ action: Action, group: EffectGroup) -> State {
    let effect = reducer.run(&reducerState, action, environment)
    let after = reducerState
    if !effect.operations.isEmpty {
      let description = ValueText.describe(action)
      // A TestStoreTask always has its group: it is never replaced.
      var group: EffectGroup? = group
      effects.start(
        effect, group: &group, origin: DescribedOrigin(description),
        send: Send { [inbox] action in await inbox.deliver(action) },
        sendNow: { [queue] action, group in queue.append(action, group: group) })
    }
    return after
  }

  /// Handles queued actions, in order, each recorded as received with the state it produced.
  private func drain() {
    queue.drain { action, group in
      let after = handle(action, group: group)
      received.append((action, after))
      let description = ValueText.describe(action)
      ledger.withLock { $0.unreceived.append(description) }
    }
  }

  /// An action an effect sent: reduced now, as `Store` would, and queued for `receive`.
  private func arrived(_ action: sending Action) {
    let effect = RunningEffect.current
    // Checked on the main actor, where cancellation happens: nothing sent after it gets in.
    guard !(effect?.isCancelled ?? false), !ledger.withLock({ $0.isFinished }) else { return }
    queue.append(action, group: effect?.group ?? EffectGroup(runtime: effects))
    drain()
  }

  /// Takes the state of the first `count` received actions (all by default) without asserting
  /// them; prints them when exhaustivity is off with skipped assertions shown.
  private func skipReceived(count: Int? = nil, showing reason: String) {
    let skipped = Array(received.prefix(count ?? received.count))
    guard let last = skipped.last else { return }
    if case .off(showSkippedAssertions: true) = exhaustivity {
      print(TestStoreMessages.skippedActions(skipped.map(\.action), reason: reason))
    }
    received.removeFirst(skipped.count)
    ledger.withLock { $0.unreceived.removeFirst(skipped.count) }
    state = last.state
  }

  /// Compares the state an action produced with what `update` makes of the state before it.
  private func check(
    step: String, before: State, update: ((inout State) throws -> Void)?, actual: State,
    at site: SourceSite
  ) {
    var expected = before
    if let update {
      do {
        try update(&expected)
      } catch {
        reportTestStoreFailure(TestStoreMessages.assertThrew(step: step, error: error), at: site)
        return
      }
      if expected == before, case .on = exhaustivity {
        reportTestStoreFailure(TestStoreMessages.noChange(step: step), at: site)
        return
      }
    }
    switch exhaustivity {
    case .on:
      if expected != actual {
        reportTestStoreFailure(
          TestStoreMessages.stateMismatch(step: step, expected: expected, actual: actual),
          at: site)
      }
    case .off(let showSkippedAssertions):
      // Only what the closure asserts is checked: applied to the actual state, it must change
      // nothing.
      var asserted = actual
      if let update { try? update(&asserted) }
      if asserted != actual {
        reportTestStoreFailure(
          TestStoreMessages.stateMismatch(step: step, expected: asserted, actual: actual),
          at: site)
      } else if showSkippedAssertions, expected != actual {
        print(TestStoreMessages.skippedStateChanges(step: step, expected: expected, actual: actual))
      }
    }
  }

  private func failIfFinished(_ step: String, at site: SourceSite) -> Bool {
    guard ledger.withLock({ $0.isFinished }) else { return false }
    reportTestStoreFailure(TestStoreMessages.usedAfterFinish(step), at: site)
    return true
  }
}

/// Hands actions effects send to a test store on the main actor.
@MainActor
private final class EffectInbox<Action> {
  var handle: ((Action) -> Void)?

  func deliver(_ action: sending Action) { handle?(action) }
}

/// How strictly a ``TestStore`` checks a test.
///
/// ```swift
/// store.exhaustivity = .off(showSkippedAssertions: true)
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change must be asserted, every action effects send received, and every effect
  /// ended by the end of the test.
  case on
  /// Only what the test asserts is checked: unasserted state changes, unreceived actions and
  /// running effects are skipped; with `showSkippedAssertions`, what was skipped is printed.
  case off(showSkippedAssertions: Bool)

  /// ``off(showSkippedAssertions:)`` without printing what was skipped.
  public static var off: Self { .off(showSkippedAssertions: false) }
}

/// What a ``TestStore/send(_:assert:fileID:file:line:column:)`` started: the effects of the
/// action and of every action they send.
///
/// ```swift
/// let timer = await store.send(.startTimer)
/// await clock.advance(by: .seconds(3))
/// await store.receive(.tick) { $0.ticks = 1 }
/// await timer.cancel()
/// ```
public struct TestStoreTask: Hashable, Sendable {
  let group: EffectGroup
  let step: String

  /// Cancels the effects and waits until they ended.
  public func cancel() async {
    group.cancel()
    await group.finish()
  }

  /// Waits until the effects ended; fails the test when they still run after `timeout`.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait.
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
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !group.isFinished, clock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
    guard !group.isFinished else { return }
    reportTestStoreFailure(
      TestStoreMessages.taskStillRunning(step: step, timeout: timeout),
      at: SourceSite(fileID: fileID, filePath: file, line: line, column: column))
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.group === rhs.group }

  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(group)) }
}
