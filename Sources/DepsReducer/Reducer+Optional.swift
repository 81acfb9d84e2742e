extension Reducer {
  /// Turns a reducer of a state into a reducer of an optional state, that runs while the state is
  /// not `nil`.
  ///
  /// An action that arrives while the state is `nil` is ignored, with a runtime warning: usually an
  /// effect outlived the feature it belongs to.
  ///
  /// ```swift
  /// let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
  ///   detailReducer.optional().pullback(
  ///     state: \.detail, action: /AppAction.detail, environment: \.detail),
  ///   coreReducer
  /// )
  /// ```
  ///
  /// - Returns: A reducer of `State?`.
  @inlinable
  public func optional() -> Reducer<State?, Action, Environment> {
    let stateType = String(describing: State?.self)
    return Reducer<State?, Action, Environment> { state, action, environment in
      guard state != nil else {
        reducerWarning(AbsentStateWarning.optional(action: action, state: stateType), in: Self.self)
        return .none
      }
      return self.run(&state!, action, environment)
    }
  }
}
