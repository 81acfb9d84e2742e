extension Reducer {
  /// A reducer of the optional state, that runs while it is not `nil`; an action that arrives
  /// while it is `nil` (usually from an effect that outlived its feature) is ignored, with a
  /// runtime warning.
  ///
  /// ```swift
  /// let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
  ///   detailReducer.optional().pullback(
  ///     state: \.detail, action: /AppAction.detail, environment: \.detail),
  ///   coreReducer
  /// )
  /// ```
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
