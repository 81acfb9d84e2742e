extension Reducer {
  /// Lifts a reducer of a child feature to its parent, whose state holds the child's state in a
  /// property: it runs for the parent actions that `action` extracts, with the environment that
  /// `environment` derives, and its effects send parent actions.
  ///
  /// ```swift
  /// let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
  ///   counterReducer.pullback(state: \.counter, action: /AppAction.counter, environment: \.counter)
  /// )
  /// ```
  ///
  /// The reducer keeps the key path and `environment`, so they must be `Sendable`; the function is
  /// `@preconcurrency`, so that a TCA 0.40 higher-order reducer passing its own plain
  /// `(ParentEnvironment) -> Environment` parameter compiles without warnings in the Swift 5
  /// language mode. With default MainActor isolation (Swift 6.2 app targets), a key path into a
  /// main-actor struct is not `Sendable`: declare the parent state `nonisolated struct AppState`
  /// (see the "Swift 6.2 app targets" guide).
  @inlinable @preconcurrency
  public func pullback<ParentState, ParentAction, ParentEnvironment>(
    state: any WritableKeyPath<ParentState, State> & Sendable,
    action: CasePath<ParentAction, Action>,
    environment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    pullback(state: state, action: action, lending: DerivedEnvironment(derive: environment))
  }

  /// The one body of this shape, for every lender (see `EnvironmentLending`). Inlinable with
  /// `Lender` specialized, so that a lender that borrows takes no reference per action.
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
      // A `.none` holds no reference: dropping the child's releases nothing.
      return effect.isNone ? .none : effect.map(embedAction)
    }
  }

  /// Lifts a reducer of a child feature to its parent, whose state is an enum with the child's
  /// state in one case; an action that arrives while the state is in another case is ignored,
  /// with a runtime warning.
  ///
  /// ```swift
  /// enum AppState { case loggedIn(HomeState), loggedOut(LoginState) }
  ///
  /// let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
  ///   homeReducer.pullback(state: /AppState.loggedIn, action: /AppAction.home, environment: \.home),
  ///   loginReducer.pullback(state: /AppState.loggedOut, action: /AppAction.login, environment: \.login)
  /// )
  /// ```
  @inlinable @preconcurrency
  public func pullback<ParentState, ParentAction, ParentEnvironment>(
    state: CasePath<ParentState, State>,
    action: CasePath<ParentAction, Action>,
    environment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    pullback(state: state, action: action, lending: DerivedEnvironment(derive: environment))
  }

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
