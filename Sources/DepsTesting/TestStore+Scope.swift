import DepsCore
import DepsReducer

extension TestStore {
  /// A test store that sends view actions and asserts on view state, as TCA 0.40's
  /// `TestStore.scope(state:action:)` did: the way to test a view's `ViewState` and `ViewAction`.
  ///
  /// The scoped store runs this store's reducer: its actions become this store's through `action`,
  /// and its `assert` closures see the state as `state` makes it. Received actions are this store's.
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
  public func scope<ScopedState: Equatable>(
    state toScopedState: @escaping (State) -> ScopedState
  ) -> ScopedTestStore<State, ScopedState, Action, Action, Environment> {
    scope(state: toScopedState, action: { $0 })
  }
}

/// A ``TestStore`` seen through a scope: it sends scoped actions and asserts on scoped state.
///
/// Its generic parameters are in the order of TCA 0.40's `TestStore<State, ScopedState, Action,
/// ScopedAction, Environment>`. Every check is the underlying store's, which it keeps alive; steps
/// it does not repeat, such as `skipReceivedActions()`, are called on ``store``.
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
  public var state: ScopedState { toScopedState(store.state) }

  /// The underlying store's environment: reach the mocks a test gave it, or change them.
  public var environment: Environment {
    get { store.environment }
    set { store.environment = newValue }
  }

  /// The underlying store's ``Exhaustivity``.
  public var exhaustivity: Exhaustivity {
    get { store.exhaustivity }
    set { store.exhaustivity = newValue }
  }

  /// Sends a scoped action and checks the change of the scoped state it made.
  ///
  /// The action goes to the underlying store through `action`; failures name the scoped action.
  ///
  /// ```swift
  /// let query = store.scope(state: \.query, action: FeatureAction.queryChanged)
  /// await query.send("apple") { $0 = "apple" }
  /// ```
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

  /// Receives the next action an effect sent, as ``TestStore``, asserting on the scoped state.
  ///
  /// ```swift
  /// let results = store.scope(state: \.results)
  /// await results.send(.refresh)
  /// await results.receive(.results(["apple"])) { $0 = ["apple"] }
  /// ```
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

  /// Receives the next action, which must be in the case `casePath` names, asserting on scoped state.
  ///
  /// ```swift
  /// let results = store.scope(state: \.results)
  /// await results.send(.refresh)
  /// await results.receive(/FeatureAction.results) { $0 = ["apple"] }
  /// ```
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

  /// ``TestStore/finish(timeout:fileID:file:line:column:)`` for the underlying store.
  ///
  /// ```swift
  /// await store.scope(state: \.count).finish()
  /// ```
  public func finish(
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await store.finish(timeout: timeout, fileID: fileID, file: file, line: line, column: column)
  }

  /// Scopes this store further: actions go through both `action` functions, state through both.
  ///
  /// ```swift
  /// let query = store.scope(state: \.query, action: FeatureAction.queryChanged)
  ///   .scope(state: \.count, action: { (text: Substring) in String(text) })
  /// await query.send("apple") { $0 = 5 }
  /// ```
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
