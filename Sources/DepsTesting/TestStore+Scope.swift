import DepsCore
import DepsReducer

extension TestStore {
  /// A test store that sends view actions and asserts on view state, as TCA 0.40's
  /// `TestStore.scope(state:action:)` did: the way to test a view's `ViewState` and `ViewAction`.
  ///
  /// The scoped store runs this store's reducer: ``ScopedTestStore/send(_:assert:fileID:file:line:column:)``
  /// turns its action into an action of this store with `action`, and its `assert` closures
  /// describe the change of the state as `state` sees it. Received actions are this store's, as
  /// in TCA 0.40.
  ///
  /// ```swift
  /// struct CounterViewState: Equatable {
  ///   var label: String
  ///   init(state: CounterState) { label = "Count: \(state.count)" }
  /// }
  /// enum CounterViewAction { case plusTapped }
  ///
  /// let store = TestStore(
  ///   initialState: CounterState(), reducer: counterReducer, environment: CounterEnvironment()
  /// )
  /// .scope(state: CounterViewState.init(state:), action: { (_: CounterViewAction) in .increment })
  /// await store.send(.plusTapped) { $0.label = "Count: 1" }
  /// ```
  ///
  /// - Parameters:
  ///   - toScopedState: Makes the scoped state of this store's state.
  ///   - fromScopedAction: Makes an action of this store of a scoped action.
  /// - Returns: A store that sends scoped actions and asserts on scoped state.
  public func scope<ScopedState: Equatable, ScopedAction>(
    state toScopedState: @escaping (State) -> ScopedState,
    action fromScopedAction: @escaping (ScopedAction) -> Action
  ) -> ScopedTestStore<State, ScopedState, Action, ScopedAction, Environment> {
    ScopedTestStore(store: self, state: toScopedState, action: fromScopedAction)
  }

  /// A test store that asserts on a part of the state, and sends this store's actions.
  ///
  /// ```swift
  /// let count = store.scope(state: \.count)
  /// await count.send(.increment) { $0 = 1 }
  /// ```
  ///
  /// - Parameter toScopedState: Makes the scoped state of this store's state.
  /// - Returns: A store that asserts on the scoped state.
  public func scope<ScopedState: Equatable>(
    state toScopedState: @escaping (State) -> ScopedState
  ) -> ScopedTestStore<State, ScopedState, Action, Action, Environment> {
    scope(state: toScopedState, action: { $0 })
  }
}

/// A ``TestStore`` seen through a scope: it sends scoped actions and asserts on scoped state.
///
/// Made with ``TestStore/scope(state:action:)``; its generic parameters are in the order of TCA
/// 0.40's `TestStore<State, ScopedState, Action, ScopedAction, Environment>`. Every check is the
/// underlying store's: exhaustivity, the actions received, the effects left at
/// ``finish(timeout:fileID:file:line:column:)``, and the report of a store released unfinished
/// (which keeps the underlying store alive while the scoped one lives). The steps it does not
/// repeat, such as `skipReceivedActions()`, are called on ``store``. Isolated to the main actor,
/// as ``TestStore`` is.
@MainActor
public final class ScopedTestStore<
  State: Equatable, ScopedState: Equatable, Action, ScopedAction, Environment
> {
  /// The store this one scopes.
  public let store: TestStore<State, Action, Environment>
  private let toScopedState: (State) -> ScopedState
  private let fromScopedAction: (ScopedAction) -> Action

  init(
    store: TestStore<State, Action, Environment>,
    state toScopedState: @escaping (State) -> ScopedState,
    action fromScopedAction: @escaping (ScopedAction) -> Action
  ) {
    self.store = store
    self.toScopedState = toScopedState
    self.fromScopedAction = fromScopedAction
  }

  /// The scoped state as the test has asserted it so far.
  ///
  /// ```swift
  /// #expect(store.scope(state: \.query).state == "")
  /// ```
  public var state: ScopedState { toScopedState(store.state) }

  /// The underlying store's environment: reach the mocks a test gave it, or change them.
  ///
  /// ```swift
  /// let scoped = store.scope(state: \.results)
  /// scoped.environment.search = { _ in ["apple"] }
  /// ```
  public var environment: Environment {
    get { store.environment }
    set { store.environment = newValue }
  }

  /// The underlying store's ``Exhaustivity``.
  ///
  /// ```swift
  /// let scoped = store.scope(state: \.results)
  /// scoped.exhaustivity = .off
  /// ```
  public var exhaustivity: Exhaustivity {
    get { store.exhaustivity }
    set { store.exhaustivity = newValue }
  }

  /// Sends a scoped action and checks the change of the scoped state it made.
  ///
  /// The action goes to the underlying store as the `action` function of
  /// ``TestStore/scope(state:action:)`` makes it; failures name the scoped action.
  ///
  /// ```swift
  /// let query = store.scope(state: \.query, action: FeatureAction.queryChanged)
  /// await query.send("apple") { $0 = "apple" }
  /// ```
  ///
  /// - Parameters:
  ///   - action: The scoped action to send.
  ///   - update: Changes the scoped state before the action into the expected one after it.
  ///   - fileID: The file ID of the call site, for Swift Testing.
  ///   - file: The file to report failures in.
  ///   - line: The line to report failures at.
  ///   - column: The column reported with failures.
  /// - Returns: The effects the action started, to cancel or wait for.
  @discardableResult
  public func send(
    _ action: ScopedAction,
    assert update: ((inout ScopedState) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await store.send(
      fromScopedAction(action), step: "send(\(ValueText.describe(action)))",
      observing: toScopedState, assert: update,
      at: SourceSite(fileID: fileID, filePath: file, line: line, column: column))
  }

  /// Waits for the next action an effect sent, checks it is `expectedAction`, and checks the
  /// change of the scoped state it made.
  ///
  /// ```swift
  /// let results = store.scope(state: \.results)
  /// await results.send(.refresh)
  /// await results.receive(.results(["apple"])) { $0 = ["apple"] }
  /// ```
  ///
  /// - Parameters:
  ///   - expectedAction: The action (of the underlying store) an effect must send next.
  ///   - timeout: How long to wait for it, as in ``TestStore/receive(_:timeout:assert:fileID:file:line:column:)-(Action,_,_,_,_,_,_)``.
  ///   - update: Changes the scoped state before the action into the expected one after it.
  ///   - fileID: The file ID of the call site, for Swift Testing.
  ///   - file: The file to report failures in.
  ///   - line: The line to report failures at.
  ///   - column: The column reported with failures.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration = .seconds(1),
    assert update: ((inout ScopedState) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await store.receive(
      step: { "receive(\(ValueText.describe(expectedAction)))" }, expected: expectedAction,
      matches: { $0 == expectedAction }, timeout: timeout, observing: toScopedState, update: update,
      at: SourceSite(fileID: fileID, filePath: file, line: line, column: column))
  }

  /// Waits for the next action an effect sent, checks it is in the case `casePath` names, and
  /// checks the change of the scoped state it made.
  ///
  /// ```swift
  /// let results = store.scope(state: \.results)
  /// await results.send(.refresh)
  /// await results.receive(/FeatureAction.results) { $0 = ["apple"] }
  /// ```
  ///
  /// - Parameters:
  ///   - casePath: The case (of the underlying store's action) the next action must be in.
  ///   - timeout: How long to wait for it, as in the underlying store's `receive`.
  ///   - update: Changes the scoped state before the action into the expected one after it.
  ///   - fileID: The file ID of the call site, for Swift Testing.
  ///   - file: The file to report failures in.
  ///   - line: The line to report failures at.
  ///   - column: The column reported with failures.
  public func receive<Value>(
    _ casePath: CasePath<Action, Value>,
    timeout: Duration = .seconds(1),
    assert update: ((inout ScopedState) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await store.receive(
      step: { "receive(\(casePath.writtenForm))" }, expected: nil,
      matches: { casePath.extract(from: $0) != nil }, timeout: timeout, observing: toScopedState,
      update: update, at: SourceSite(fileID: fileID, filePath: file, line: line, column: column))
  }

  /// Checks that the underlying store's effects have ended and its actions were received, as
  /// ``TestStore/finish(timeout:fileID:file:line:column:)`` does.
  ///
  /// ```swift
  /// await store.scope(state: \.count).finish()
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long the effects may take to end.
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
    await store.finish(timeout: timeout, fileID: fileID, file: file, line: line, column: column)
  }

  /// Scopes this store further: its actions go through both `action` functions, its assertions
  /// see what `state` makes of this store's scoped state.
  ///
  /// ```swift
  /// let query = store.scope(state: \.query, action: FeatureAction.queryChanged)
  ///   .scope(state: \.count, action: { (text: Substring) in String(text) })
  /// await query.send("apple") { $0 = 5 }
  /// ```
  ///
  /// - Parameters:
  ///   - toScopedState: Makes the new scoped state of this store's scoped state.
  ///   - fromScopedAction: Makes a scoped action of this store of the new scoped action.
  /// - Returns: A store that sends the new scoped actions and asserts on the new scoped state.
  public func scope<NewState: Equatable, NewAction>(
    state toScopedState: @escaping (ScopedState) -> NewState,
    action fromScopedAction: @escaping (NewAction) -> ScopedAction
  ) -> ScopedTestStore<State, NewState, Action, NewAction, Environment> {
    ScopedTestStore<State, NewState, Action, NewAction, Environment>(
      store: store,
      state: { [toState = self.toScopedState] in toScopedState(toState($0)) },
      action: { [fromAction = self.fromScopedAction] in fromAction(fromScopedAction($0)) })
  }
}
