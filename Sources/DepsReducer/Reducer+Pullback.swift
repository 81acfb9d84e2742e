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
  /// - Parameters:
  ///   - state: A key path from the parent state to the child state.
  ///   - action: A case path from the parent action to the child action.
  ///   - environment: Derives the child environment from the parent environment.
  /// - Returns: A reducer of the parent feature.
  @inlinable
  public func pullback<ParentState, ParentAction, ParentEnvironment>(
    state: any WritableKeyPath<ParentState, State> & Sendable,
    action: CasePath<ParentAction, Action>,
    environment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    pullback(state: state, action: action, deriveEnvironment: environment)
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
  @inlinable
  public func pullback<ParentState, ParentAction, ParentEnvironment>(
    state: CasePath<ParentState, State>,
    action: CasePath<ParentAction, Action>,
    environment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    pullback(state: state, action: action, deriveEnvironment: environment)
  }

  /// The building block of the key-path `pullback`, for modules that derive child environments
  /// their own way (environment-less pullbacks in `ComposableDeps` and `GlobalDeps`).
  ///
  /// `deriveEnvironment` is called with the parent environment each time a child action arrives;
  /// it may cache the child per parent instance.
  ///
  /// ```swift
  /// child.pullback(state: \.child, action: /AppAction.child, deriveEnvironment: { $0.derived() })
  /// ```
  @inlinable
  package func pullback<ParentState, ParentAction, ParentEnvironment>(
    state toChildState: any WritableKeyPath<ParentState, State> & Sendable,
    action toChildAction: CasePath<ParentAction, Action>,
    deriveEnvironment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    Reducer<ParentState, ParentAction, ParentEnvironment> {
      parentState, parentAction, parentEnvironment in
      let keyPath: WritableKeyPath<ParentState, State> = toChildState
      guard let childAction = toChildAction.extract(from: parentAction) else { return .none }
      return self.run(&parentState[keyPath: keyPath], childAction, deriveEnvironment(parentEnvironment))
        .map { toChildAction.embed($0) }
    }
  }

  /// The building block of the case-path `pullback`, for modules that derive child environments
  /// their own way (environment-less pullbacks in `ComposableDeps` and `GlobalDeps`).
  ///
  /// Actions that arrive while the parent state is in another case are ignored with a runtime
  /// warning, and `deriveEnvironment` is not called for them.
  ///
  /// ```swift
  /// home.pullback(state: /AppState.home, action: /AppAction.home, deriveEnvironment: { $0.derived() })
  /// ```
  @inlinable
  package func pullback<ParentState, ParentAction, ParentEnvironment>(
    state toChildState: CasePath<ParentState, State>,
    action toChildAction: CasePath<ParentAction, Action>,
    deriveEnvironment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    let childStateType = String(reflecting: State.self)
    return Reducer<ParentState, ParentAction, ParentEnvironment> {
      parentState, parentAction, parentEnvironment in
      guard let childAction = toChildAction.extract(from: parentAction) else { return .none }
      guard var childState = toChildState.extract(from: parentState) else {
        reducerWarning(
          AbsentStateWarning.enumCase(
            action: parentAction, state: parentState, childState: childStateType))
        return .none
      }
      let effect = self.run(&childState, childAction, deriveEnvironment(parentEnvironment))
      parentState = toChildState.embed(childState)
      return effect.map { toChildAction.embed($0) }
    }
  }
}
