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
/// the queue of what arrived, with the state each action produced. An exhaustive store released
/// without ``finish(timeout:fileID:file:line:column:)`` reports, once, the effects still running
/// and the actions not received; a non-exhaustive one reports nothing. Either way the effects still
/// running are cancelled. `TestStore` is not `Sendable`: it is isolated to the main actor.
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
  public internal(set) var state: State

  /// The environment the reducer runs with: reach the mocks a test gave it, or change them.
  ///
  /// A change holds for the actions sent after it (effects already running keep what they
  /// captured). With a `ComposableDeps` environment, setting a `@Dependency` property sets that
  /// dependency on the environment, as TCA 0.x tests set their environment's endpoints:
  ///
  /// ```swift
  /// let store = TestStore(initialState: AppState(), reducer: appReducer, environment: env)
  /// store.environment.uuid     // the generator the test set
  /// store.environment.counter.mainQueue = .immediate   // from the next action on
  /// ```
  ///
  /// A store made with `strictDependencies: true` checks the `ComposableDeps` environment it has
  /// when the test finishes: after `store.environment = other`, `other`'s overrides.
  public var environment: Environment {
    didSet {
      guard strictUsage != nil, environment is any DependencyUsageReporting else { return }
      strictUsage = StrictDependencies.usage(of: environment)
    }
  }

  /// How strictly the store checks the test: ``Exhaustivity/on`` (the default) or
  /// ``Exhaustivity/off``.
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// await store.send(.refresh)
  /// await store.receive(.loaded(items)) { $0.items = items }   // other fields unchecked
  /// ```
  public var exhaustivity: Exhaustivity = .on {
    didSet { ledger.withLock { [exhaustivity] in $0.exhaustivity = exhaustivity } }
  }

  /// The reducer's own state: ahead of ``state`` while received actions wait to be asserted.
  private var reducerState: State
  private let reducer: Reducer<State, Action, Environment>
  /// Where the store was made: a store released without `finish()` reports there.
  private let site: SourceSite
  /// Actions effects sent, with the states before and after each, not yet received by the test.
  var received: [ReceivedAction<Action, State>] = []
  /// Actions waiting while another is handled.
  private let queue = ActionQueue<Action>()
  /// What `deinit` (nonisolated) needs: unreceived actions' descriptions, whether the test
  /// finished, and how exhaustive it is.
  let ledger = Locked(TestStoreLedger())
  let effects = EffectRuntime()
  /// Where effects send their actions: holds the store weakly, so effects capture neither the
  /// store nor its `State` type.
  private let inbox = EffectInbox<Action>()
  /// What ``finish(timeout:fileID:file:line:column:)``, or `deinit` when the test did not call
  /// it, asks, with `strictDependencies`, for the overrides nothing read; `nil` without.
  private var strictUsage: StrictDependencies.Usage?

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
  ///   - strictDependencies: Whether ``finish(timeout:fileID:file:line:column:)`` (or, for a store
  ///     released without it, the release) fails the test for each value set on the environment
  ///     (a `ComposableEnvironment` and its descendants; for any other environment, the
  ///     `GlobalDeps` scope in force here) that nothing read (see `dependencyUsage()`).
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
    strictDependencies: Bool = false,
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.state = initialState
    self.reducerState = initialState
    self.reducer = reducer
    self.environment = environment
    self.strictUsage = strictDependencies ? StrictDependencies.usage(of: environment) : nil
    self.site = SourceSite(fileID: fileID, filePath: file, line: line, column: column)
    inbox.handle = { [weak self] action, effect in self?.arrived(action, from: effect) }
  }

  /// Sends an action and checks how the state changed.
  ///
  /// Inside `update`, ``state`` is the state before the action; the closure changes its argument
  /// into the state the action must produce. Without a closure the state must not change. A state
  /// that differs from the closure's fails with a diff of both; a closure that changes nothing,
  /// when the state did not change either, fails ("Expected state to change, but no change
  /// occurred."). When exhaustive, the send also fails if actions from effects were left
  /// unreceived; they stay queued, so the `receive`s that follow still find them. When not
  /// exhaustive, they are skipped.
  ///
  /// Before it returns, `send` yields to other tasks a few times (as TCA's `Task.megaYield()`
  /// does), so that the effects it started can run up to their first suspension: an action an
  /// effect sends at once has then usually arrived. When no effect is running and no action is on
  /// its way (an action without effects, with none left running), it returns without yielding.
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
    await send(
      action, step: "send(\(ValueText.describe(action)))", observing: { $0 }, assert: update,
      at: SourceSite(fileID: fileID, filePath: file, line: line, column: column))
  }

  /// `send(_:assert:…)` with `update` asserting on what `observe` makes of the state: the state
  /// itself, or a scoped store's part of it.
  func send<Observed: Equatable>(
    _ action: Action, step: String, observing observe: (State) -> Observed,
    assert update: ((inout Observed) throws -> Void)?, at callSite: SourceSite
  ) async -> TestStoreTask {
    let group = EffectGroup(runtime: effects)
    let task = TestStoreTask(group: group, step: step)
    guard let site = beginStep(step, at: callSite) else { return task }
    if !received.isEmpty {
      if case .on = exhaustivity {
        reportTestStoreFailure(
          TestStoreMessages.unreceivedBeforeSend(action, unreceived: received.map(\.action)),
          at: site)
        // Kept to be received (as TCA does): this send overtook them.
        for index in received.indices { received[index].isOvertaken = true }
      } else {
        skipReceived(showing: "before \(step)")
      }
    }
    // The state before the action is the reducer's: it includes unreceived actions kept above.
    let before = reducerState
    state = before
    let after = handle(action, group: group)
    check(step: step, before: before, update: update, actual: after, observing: observe, at: site)
    state = after
    drain()
    await settleEffects(rounds: 20)
    return task
  }

  /// Drops the actions effects sent that the test has not received, taking the state they
  /// produced.
  ///
  /// It first yields to other tasks a few times, so that actions effects send at once have
  /// arrived. With `strict` (the default), having no action to skip fails the test: "There were
  /// no received actions to skip."
  ///
  /// ```swift
  /// await store.send(.onAppear)
  /// await store.skipReceivedActions()
  /// await store.skipReceivedActions(strict: false)   // nothing left: no failure
  /// ```
  ///
  /// - Parameters:
  ///   - strict: Whether having no received action to skip fails the test.
  ///   - fileID: The file ID of the call site, for Swift Testing.
  ///   - file: The file to report failures in.
  ///   - line: The line to report failures at.
  ///   - column: The column reported with failures.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard
      let site = beginStep("skipReceivedActions()", fileID: fileID, file: file, line: line, column: column)
    else { return }
    await yieldToEffects(rounds: 10)
    if received.isEmpty, strict {
      reportTestStoreFailure(TestStoreMessages.noReceivedActionsToSkip, at: site)
      return
    }
    skipReceived(showing: "by skipReceivedActions()")
  }

  /// Cancels the effects still running, so that the test can end without waiting for them.
  ///
  /// It first yields to other tasks a few times, so that effects about to end have ended. With
  /// `strict` (the default), having no effect to cancel fails the test: "There were no in-flight
  /// effects to skip."
  ///
  /// ```swift
  /// await store.send(.startTimer)
  /// await store.skipInFlightEffects()
  /// await store.finish()
  /// ```
  ///
  /// - Parameters:
  ///   - strict: Whether having no running effect to cancel fails the test.
  ///   - fileID: The file ID of the call site, for Swift Testing.
  ///   - file: The file to report failures in.
  ///   - line: The line to report failures at.
  ///   - column: The column reported with failures.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard
      let site = beginStep("skipInFlightEffects()", fileID: fileID, file: file, line: line, column: column)
    else { return }
    await yieldToEffects(rounds: 10)
    let running = effects.runningCount
    if running == 0, strict {
      reportTestStoreFailure(TestStoreMessages.noInFlightEffectsToSkip, at: site)
      return
    }
    if running > 0, case .off(showSkippedAssertions: true) = exhaustivity {
      print(TestStoreMessages.skippedEffects(running))
    }
    effects.cancelRunning()
    await waitForEffects(timeout: .seconds(1)) { effects.runningCount == 0 }
  }

  /// Waits for every effect to end, then checks that every action they sent was received.
  ///
  /// Fails the test, when exhaustive, if effects are still running after `timeout` (they are
  /// then cancelled) or actions were left unreceived; when not exhaustive, it cancels the effects
  /// still running and skips the actions left. After `finish` the store is done: using it again
  /// fails.
  ///
  /// ```swift
  /// await store.send(.refresh)
  /// await store.receive(.loaded([]))
  /// await store.finish()
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for running effects to end, in time they could run (a busy
  ///     process does not count; see "Timeouts count the time effects could run" in
  ///     Docs/Testing.md). `.zero` checks once, without waiting; a negative timeout fails the
  ///     test and is taken as `.zero`.
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
    guard let site = beginStep("finish()", fileID: fileID, file: file, line: line, column: column) else {
      return
    }
    let timeout = checkedTimeout(timeout, of: "finish(timeout:)", at: site)
    await waitForEffects(timeout: timeout) { effects.runningCount == 0 }
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
    strictUsage?.reportUnreadOverrides(at: site)
  }

  deinit {
    let (isFinished, unreceived, exhaustivity) = ledger.withLock { ledger in
      defer {
        ledger.unreceived.removeAll()
        ledger.isFinished = true
      }
      return (ledger.isFinished, ledger.unreceived, ledger.exhaustivity)
    }
    let running = effects.runningCount
    effects.cancelAll()
    // What `finish()` already reported was cleared then; only what is left now is reported.
    guard !isFinished else { return }
    if !(unreceived.isEmpty && running == 0) {
      switch exhaustivity {
      case .on:
        reportTestStoreFailure(
          TestStoreMessages.releasedWithoutFinish(running: running, unreceived: unreceived), at: site)
      case .off(showSkippedAssertions: true):
        // Not exhaustive (as in TCA): what was left is skipped, not a failure.
        if !unreceived.isEmpty {
          print(
            TestStoreMessages.skippedActions(
              descriptions: unreceived, reason: "when the TestStore was released"))
        }
        if running > 0 { print(TestStoreMessages.skippedEffects(running)) }
      case .off(showSkippedAssertions: false):
        break
      }
    }
    // A test that never calls `finish()` (one whose actions start no effect, say) made the store
    // strict all the same: its overrides are checked here, as `finish()` would have.
    strictUsage?.reportUnreadOverrides(at: site)
  }

  // MARK: Handling actions

  /// The rounds of yields the last step's ``settleEffects(rounds:)`` took, for tests.
  var settledRounds = 0

  /// Lets the effects started run up to their first suspension (see `yieldToEffects`), then
  /// waits, briefly (a thread of the pool may have been descheduled), for effect tasks that have
  /// not begun their work to begin, and for actions on their way to the main actor to arrive.
  ///
  /// When no effect runs and no action is on its way, nothing this step started can send: it
  /// returns at once, without the thread hops that cost a step of a test without effects about a
  /// millisecond on an idle machine. Otherwise it yields every round, even when the effects end
  /// sooner: code an effect left running (a callback it handed its `send`) gets the time it got
  /// before.
  func settleEffects(rounds: Int) async {
    settledRounds = 0
    guard effects.runningCount > 0 || inbox.isSettling else { return }
    await yieldToEffects(rounds: rounds)
    settledRounds = rounds
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .milliseconds(100))
    while inbox.isSettling, clock.now < deadline {
      await yieldToEffects(rounds: 1)
    }
  }

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
        inbox.counting(effect), group: &group, origin: DescribedOrigin(description),
        send: Send { [inbox] action, effect in await inbox.send(action, from: effect) },
        sendNow: { [queue] action, group in queue.append(action, group: group) })
    }
    return after
  }

  /// Handles queued actions, in order, each recorded as received with the states before and
  /// after it.
  private func drain() {
    queue.drain { action, group in
      let before = reducerState
      let after = handle(action, group: group)
      received.append(ReceivedAction(action: action, before: before, after: after))
      let description = ValueText.describe(action)
      ledger.withLock { $0.unreceived.append(description) }
    }
  }

  /// An action `effect` sent (from its task or from code it left running): reduced now, as
  /// `Store` would, and queued for `receive`.
  private func arrived(_ action: sending Action, from effect: RunningEffect?) {
    // Checked on the main actor, where cancellation happens: nothing sent after it gets in.
    guard !(effect?.isCancelled ?? false), !ledger.withLock({ $0.isFinished }) else { return }
    queue.append(action, group: effect?.group ?? EffectGroup(runtime: effects))
    drain()
  }

  /// Takes the state of the first `count` received actions (all by default) without asserting
  /// them; prints them when exhaustivity is off with skipped assertions shown. Actions a send
  /// overtook leave the state of that send in place.
  func skipReceived(count: Int? = nil, showing reason: String) {
    let skipped = Array(received.prefix(count ?? received.count))
    guard let last = skipped.last else { return }
    if case .off(showSkippedAssertions: true) = exhaustivity {
      print(TestStoreMessages.skippedActions(skipped.map(\.action), reason: reason))
    }
    received.removeFirst(skipped.count)
    ledger.withLock { $0.unreceived.removeFirst(skipped.count) }
    if !last.isOvertaken { state = last.after }
  }

  /// Compares the state an action produced with what `update` makes of the state before it, both
  /// as `observe` sees them (a scoped store checks its part of the state).
  func check<Observed: Equatable>(
    step: @autoclosure () -> String, before rootBefore: State,
    update: ((inout Observed) throws -> Void)?, actual rootActual: State,
    observing observe: (State) -> Observed, at site: SourceSite
  ) {
    let before = observe(rootBefore)
    let actual = observe(rootActual)
    var expected = before
    if let update {
      do {
        try update(&expected)
      } catch {
        reportTestStoreFailure(TestStoreMessages.assertThrew(step: step(), error: error), at: site)
        return
      }
    }
    switch exhaustivity {
    case .on:
      // A mismatch is reported first (as TCA does): only a closure that matches the state and
      // changed nothing breaks the no-change rule.
      if expected != actual {
        reportTestStoreFailure(
          TestStoreMessages.stateMismatch(step: step(), expected: expected, actual: actual),
          at: site)
      } else if update != nil, expected == before {
        reportTestStoreFailure(TestStoreMessages.noChange(step: step()), at: site)
      }
    case .off(let showSkippedAssertions):
      // Only what the closure asserts is checked: applied to the actual state, it must change
      // nothing.
      var asserted = actual
      if let update { try? update(&asserted) }
      if asserted != actual {
        reportTestStoreFailure(
          TestStoreMessages.stateMismatch(step: step(), expected: asserted, actual: actual),
          at: site)
      } else if showSkippedAssertions, expected != actual {
        print(TestStoreMessages.skippedStateChanges(step: step(), expected: expected, actual: actual))
      }
    }
  }

  /// Where the step called at `fileID`, `file`, `line` and `column` reports its failures, or `nil`
  /// when the store has finished: the step then fails the test and does nothing.
  private func beginStep(
    _ step: String, fileID: StaticString, file: StaticString, line: UInt, column: UInt
  ) -> SourceSite? {
    beginStep(step, at: SourceSite(fileID: fileID, filePath: file, line: line, column: column))
  }

  /// Where the step called at `site` reports its failures, or `nil` when the store has finished.
  private func beginStep(_ step: String, at site: SourceSite) -> SourceSite? {
    failIfFinished(step, at: site) ? nil : site
  }

  func failIfFinished(_ step: String, at site: SourceSite) -> Bool {
    guard ledger.withLock({ $0.isFinished }) else { return false }
    reportTestStoreFailure(TestStoreMessages.usedAfterFinish(step), at: site)
    return true
  }
}
