import DepsCore
import DepsReducer

/// A store for tests that checks every state change and every action effects send.
///
/// Send actions with ``send(_:assert:fileID:file:line:column:)``, receive what effects send with
/// ``receive(_:timeout:assert:fileID:file:line:column:)-(Action,_,_,_,_,_,_)``, end with
/// ``finish(timeout:fileID:file:line:column:)``. By default the store is exhaustive: an unasserted
/// state change, an unreceived action or an effect still running fails the test (``exhaustivity``).
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
/// Actions are handled in the order a `Store` handles them: an action an effect sends is reduced
/// when it arrives and queued, with its state, for `receive`. An exhaustive store released without
/// `finish` reports what was left, once; either way its running effects are cancelled.
@MainActor
public final class TestStore<State: Equatable, Action, Environment> {
  /// The state as asserted so far; inside an `assert` closure, still the state before the action.
  ///
  /// ```swift
  /// await store.send(.increment) { $0.count = 1 }
  /// #expect(store.state.count == 1)
  /// ```
  public internal(set) var state: State

  /// The environment the reducer runs with: reach the mocks a test gave it, or change them.
  ///
  /// A change holds for the actions sent after it. With a `ComposableDeps` environment, setting a
  /// `@Dependency` property sets that dependency, as TCA 0.x tests set their environment's endpoints:
  ///
  /// ```swift
  /// let store = TestStore(initialState: AppState(), reducer: appReducer, environment: env)
  /// store.environment.uuid     // the generator the test set
  /// store.environment.counter.mainQueue = .immediate   // from the next action on
  /// ```
  ///
  /// With `strictDependencies: true` the environment the store has at the end is checked.
  public var environment: Environment {
    didSet {
      guard strictUsage != nil, environment is any DependencyUsageReporting else { return }
      strictUsage = StrictDependencies.usage(of: environment)
    }
  }

  /// How strictly the store checks the test: ``Exhaustivity/on`` (the default) or ``Exhaustivity/off``.
  public var exhaustivity: Exhaustivity = .on {
    didSet { ledger.withLock { [exhaustivity] in $0.exhaustivity = exhaustivity } }
  }

  /// The reducer's own state: ahead of ``state`` while received actions wait to be asserted.
  private var reducerState: State
  private let reducer: Reducer<State, Action, Environment>
  /// Where the store was made: a store released without `finish()` reports there.
  private let site: SourceSite
  var received: [ReceivedAction<Action, State>] = []
  private let queue = ActionQueue<Action>()
  /// What the nonisolated `deinit` needs: unreceived actions, whether finished, the exhaustivity.
  let ledger = Locked(TestStoreLedger())
  let effects = EffectRuntime()
  /// Holds the store weakly, so effects capture neither the store nor its `State` type.
  private let inbox = EffectInbox<Action>()
  /// Asks, with `strictDependencies`, for the overrides nothing read; `nil` without.
  private var strictUsage: StrictDependencies.Usage?

  /// Creates a test store.
  ///
  /// With `strictDependencies`, ``finish(timeout:fileID:file:line:column:)`` (or the release of a
  /// store never finished) fails the test for each value set on the environment (a
  /// `ComposableEnvironment`, else the `GlobalDeps` scope in force here) that nothing read.
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
  /// Inside `update`, ``state`` is the state before the action; the closure changes its argument into
  /// the state the action must produce (without one, the state must not change). A mismatch fails
  /// with a diff; when exhaustive, so do unreceived actions from effects, which stay queued for the
  /// `receive`s that follow.
  ///
  /// Before it returns, `send` yields a few times (as TCA's `Task.megaYield()`) so the effects it
  /// started reach their first suspension; with no effect running it returns without yielding.
  ///
  /// ```swift
  /// await store.send(.increment) { $0.count = 1 }
  /// let timer = await store.send(.startTimer)
  /// await timer.cancel()
  /// ```
  ///
  /// Returns the effects this action started (and those of the actions they send), to cancel or
  /// wait for.
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
  /// It first yields a few times, so that actions effects send at once have arrived. With `strict`
  /// (the default), having no action to skip fails the test.
  ///
  /// ```swift
  /// await store.send(.onAppear)
  /// await store.skipReceivedActions()
  /// await store.skipReceivedActions(strict: false)   // nothing left: no failure
  /// ```
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
  /// It first yields a few times, so that effects about to end have ended. With `strict` (the
  /// default), having no effect to cancel fails the test.
  ///
  /// ```swift
  /// await store.send(.startTimer)
  /// await store.skipInFlightEffects()
  /// await store.finish()
  /// ```
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
  /// When exhaustive, it fails if effects still run after `timeout` (then cancelled) or actions were
  /// left unreceived; when not, it cancels and skips them. Using the store after `finish` fails.
  ///
  /// ```swift
  /// await store.send(.refresh)
  /// await store.receive(.loaded([]))
  /// await store.finish()
  /// ```
  ///
  /// `timeout` counts time effects could run, not a busy process (Docs/Testing.md); `.zero` checks
  /// once, and a negative one fails the test and is taken as `.zero`.
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
    // A test that never calls `finish()` made the store strict all the same: checked here.
    strictUsage?.reportUnreadOverrides(at: site)
  }

  // MARK: Handling actions

  /// The rounds of yields the last step's ``settleEffects(rounds:)`` took, for tests.
  var settledRounds = 0

  /// Lets the effects started run to their first suspension, then waits briefly for effect tasks to
  /// begin and for actions on their way to the main actor. With no effect running and no action on
  /// its way, it returns at once, sparing a test without effects about a millisecond of thread hops.
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

  /// Runs the reducer and starts the effects; the state before the actions `.send` effects queued.
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

  private func drain() {
    queue.drain { action, group in
      let before = reducerState
      let after = handle(action, group: group)
      received.append(ReceivedAction(action: action, before: before, after: after))
      let description = ValueText.describe(action)
      ledger.withLock { $0.unreceived.append(description) }
    }
  }

  /// An action `effect` sent: reduced now, as `Store` would, and queued for `receive`.
  private func arrived(_ action: sending Action, from effect: RunningEffect?) {
    // Checked on the main actor, where cancellation happens: nothing sent after it gets in.
    guard !(effect?.isCancelled ?? false), !ledger.withLock({ $0.isFinished }) else { return }
    queue.append(action, group: effect?.group ?? EffectGroup(runtime: effects))
    drain()
  }

  /// Takes the state of the first `count` received actions unasserted (printed when skipped
  /// assertions are shown); actions a send overtook leave that send's state in place.
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

  /// Compares the state an action produced with what `update` makes of the one before, via `observe`.
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
      // A mismatch is reported first (as TCA does); only a matching closure can break the no-change rule.
      if expected != actual {
        reportTestStoreFailure(
          TestStoreMessages.stateMismatch(step: step(), expected: expected, actual: actual),
          at: site)
      } else if update != nil, expected == before {
        reportTestStoreFailure(TestStoreMessages.noChange(step: step()), at: site)
      }
    case .off(let showSkippedAssertions):
      // Only what the closure asserts is checked: applied to the actual state, it must change nothing.
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

  /// Where the step reports its failures, or `nil` when the store has finished (the step then fails).
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
