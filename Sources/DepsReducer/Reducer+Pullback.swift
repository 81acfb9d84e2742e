extension Reducer {
  /// Lifts a reducer of a child feature to its parent, whose state holds the child's state in a
  /// property.
  ///
  /// The returned reducer runs this reducer for the parent actions that `action` extracts, on the
  /// state at `state`, with the environment `environment` derives; other actions pass untouched.
  /// The child's effects are turned into parent actions.
  ///
  /// ```swift
  /// let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
  ///   counterReducer.pullback(state: \.counter, action: /AppAction.counter, environment: \.counter)
  /// )
  /// ```
  ///
  /// The key path and `environment` are kept by the reducer, so they must be `Sendable`; the
  /// function is `@preconcurrency`, so that a TCA 0.40 higher-order reducer passing its own plain
  /// `(ParentEnvironment) -> Environment` parameter compiles without warnings in the Swift 5
  /// language mode (the Swift 6 mode asks for `@Sendable` there). In a module with default
  /// MainActor isolation (Swift 6.2 app targets), a key path into a main-actor struct is not:
  /// declare the parent state `nonisolated struct AppState` (see the "Swift 6.2 app targets"
  /// guide).
  ///
  /// - Parameters:
  ///   - state: A key path from the parent state to the child state.
  ///   - action: A case path from the parent action to the child action.
  ///   - environment: Derives the child environment from the parent environment.
  /// - Returns: A reducer of the parent feature.
  @inlinable @preconcurrency
  public func pullback<ParentState, ParentAction, ParentEnvironment>(
    state: any WritableKeyPath<ParentState, State> & Sendable,
    action: CasePath<ParentAction, Action>,
    environment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    pullback(state: state, action: action, lending: DerivedEnvironment(derive: environment))
  }

  /// The pullback to a parent whose state holds the child's state in a property, with the child
  /// environment that `lending` lends: one body for the environment closures users write and the
  /// children environment-less pullbacks borrow from their parents. Inlinable with `Lender`
  /// specialized, so a lender that borrows takes no reference per action.
  @inlinable
  package func pullback<ParentState, ParentAction, Lender: EnvironmentLending>(
    state: any WritableKeyPath<ParentState, State> & Sendable,
    action: CasePath<ParentAction, Action>,
    lending: Lender
  ) -> Reducer<ParentState, ParentAction, Lender.Parent> where Lender.Child == Environment {
    let toChildState = StatePath(state)
    let embedAction = action.embedValue
    return Reducer<ParentState, ParentAction, Lender.Parent> {
      parentState, parentAction, parentEnvironment in
      guard let childAction = action.extract(from: parentAction) else { return .none }
      let effect = lending.withChild(of: parentEnvironment) { childEnvironment in
        toChildState.modify(&parentState) { self.run(&$0, childAction, childEnvironment) }
      }
      // Most actions start no effect: skip the call that maps nothing. (A `.none` holds no
      // reference: dropping the child's releases nothing.)
      return effect.isNone ? .none : effect.map(embedAction)
    }
  }

  /// Lifts a reducer of a child feature to its parent, whose state is an enum with the child's
  /// state in one case.
  ///
  /// The returned reducer runs this reducer for the parent actions that `action` extracts, while
  /// the parent state is in the case of `state`. An action that arrives while the parent state is
  /// in another case is ignored, with a runtime warning.
  ///
  /// ```swift
  /// enum AppState { case loggedIn(HomeState), loggedOut(LoginState) }
  ///
  /// let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
  ///   homeReducer.pullback(state: /AppState.loggedIn, action: /AppAction.home, environment: \.home),
  ///   loginReducer.pullback(state: /AppState.loggedOut, action: /AppAction.login, environment: \.login)
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - state: A case path from the parent state to the child state.
  ///   - action: A case path from the parent action to the child action.
  ///   - environment: Derives the child environment from the parent environment.
  /// - Returns: A reducer of the parent feature.
  @inlinable @preconcurrency
  public func pullback<ParentState, ParentAction, ParentEnvironment>(
    state: CasePath<ParentState, State>,
    action: CasePath<ParentAction, Action>,
    environment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    pullback(state: state, action: action, lending: DerivedEnvironment(derive: environment))
  }

  /// `pullback(state:action:environment:)` to a case of an enum state, with the child
  /// environment that `lending` lends (see `EnvironmentLending`).
  @inlinable
  package func pullback<ParentState, ParentAction, Lender: EnvironmentLending>(
    state: CasePath<ParentState, State>,
    action: CasePath<ParentAction, Action>,
    lending: Lender
  ) -> Reducer<ParentState, ParentAction, Lender.Parent> where Lender.Child == Environment {
    let childStateType = String(describing: State.self)
    let toChildState = state
    let embedAction = action.embedValue
    return Reducer<ParentState, ParentAction, Lender.Parent> {
      parentState, parentAction, parentEnvironment in
      guard let childAction = action.extract(from: parentAction) else { return .none }
      guard var childState = toChildState.extract(from: parentState) else {
        reducerWarning(
          AbsentStateWarning.enumCase(
            action: parentAction, state: parentState, childState: childStateType),
          in: Self.self)
        return .none
      }
      let effect = lending.withChild(of: parentEnvironment) { self.run(&childState, childAction, $0) }
      parentState = toChildState.embed(childState)
      return effect.map(embedAction)
    }
  }
}
