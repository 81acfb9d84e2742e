import DepsCore
import DepsReducer

extension TestStore {
  /// Waits for the next action an effect sent, checks it is `expectedAction`, and checks the
  /// state it produced.
  ///
  /// Fails when no action arrives within `timeout` (at once when no effect runs), when another action
  /// arrives (with a diff), or when the state differs from what `update` makes of ``state``. With
  /// exhaustivity off, it skips the actions before a matching one, or fails and keeps them.
  ///
  /// ```swift
  /// await store.send(.factTapped)
  /// await store.receive(.factLoaded("1 is a number")) { $0.fact = "1 is a number" }
  /// ```
  ///
  /// `timeout` counts time effects could run, not a busy process (Docs/Testing.md); `.zero` checks
  /// once, and a negative one fails the test and is taken as `.zero`.
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
      step: { "receive(\(ValueText.describe(expectedAction)))" }, expected: expectedAction,
      matches: { $0 == expectedAction }, timeout: timeout, observing: { $0 }, update: update,
      at: site)
  }

  /// Waits for the next action an effect sent, checks it is in the case `casePath` names, and
  /// checks the state it produced.
  ///
  /// For actions that are not `Equatable`, or whose payload a test need not spell out. Failure
  /// texts name the case path as written, `receive(/FeatureAction.results)`.
  ///
  /// ```swift
  /// await store.receive(/FeatureAction.results) { $0.results = ["apple"] }
  /// ```
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
      step: { "receive(\(casePath.writtenForm))" }, expected: nil,
      matches: { casePath.extract(from: $0) != nil }, timeout: timeout, observing: { $0 },
      update: update, at: site)
  }

  /// The receives, with `update` asserting on what `observe` makes of the state: the state itself,
  /// or a scoped store's part of it.
  func receive<Observed: Equatable>(
    step: () -> String, expected: Action?, matches: (Action) -> Bool, timeout: Duration,
    observing observe: (State) -> Observed, update: ((inout Observed) throws -> Void)?,
    at site: SourceSite
  ) async {
    // `step` is described when a text needs it: a case path can name its case once it has
    // extracted from the actions received.
    guard !failIfFinished(step(), at: site) else { return }
    let timeout = checkedTimeout(timeout, of: step(), at: site)
    // The action to receive: the first one when exhaustive; otherwise the first that matches (the
    // actions before it are kept, as TCA does, for the receives that follow).
    func nextIndex() -> Int? {
      if case .on = exhaustivity { return received.isEmpty ? nil : 0 }
      return received.firstIndex { matches($0.action) }
    }
    await waitForEffects(timeout: timeout) { nextIndex() != nil || effects.runningCount == 0 }
    guard let index = nextIndex() else {
      let unmatched = received.map(\.action)
      if effects.runningCount == 0 {
        reportTestStoreFailure(
          unmatched.isEmpty
            ? TestStoreMessages.nothingRunning(step())
            : TestStoreMessages.noMatchingAction(step(), received: unmatched, timeout: nil),
          at: site)
      } else {
        reportTestStoreFailure(
          unmatched.isEmpty
            ? TestStoreMessages.nothingReceived(step(), timeout: timeout)
            : TestStoreMessages.noMatchingAction(step(), received: unmatched, timeout: timeout),
          at: site)
      }
      return
    }
    // Not exhaustive: the actions before the expected one are skipped.
    if index > 0 { skipReceived(count: index, showing: "before \(step())") }
    let entry = received.removeFirst()
    _ = ledger.withLock { $0.unreceived.removeFirst() }
    if !matches(entry.action) {
      reportTestStoreFailure(
        TestStoreMessages.receivedOther(step: step(), expected: expected, received: entry.action),
        at: site)
    }
    // The received action's state is taken even when it is not the expected one, so the state
    // stays true. An action a send overtook is checked against the state it was reduced in, and
    // leaves the state of that later send in place.
    let current = state
    state = entry.before
    check(
      step: step(), before: entry.before, update: update, actual: entry.after, observing: observe,
      at: site)
    state = entry.isOvertaken ? current : entry.after
    await settleEffects(rounds: 10)
  }
}
