extension Reducer {
  /// Lifts a reducer of one element to a parent whose state holds an array of elements, each
  /// identified by its `id`.
  ///
  /// The returned reducer runs this reducer on the element whose `id` the action names. An action
  /// for an `id` that is not in the array is ignored, with a runtime warning.
  ///
  /// ```swift
  /// enum TodosAction { case todo(Todo.ID, TodoAction) }
  ///
  /// let todosReducer = todoReducer.forEach(
  ///   state: \TodosState.todos, action: /TodosAction.todo, environment: \.todo)
  /// ```
  ///
  /// - Parameters:
  ///   - state: A key path from the parent state to the array of elements.
  ///   - action: A case path from the parent action to an element's `id` and action.
  ///   - environment: Derives the element environment from the parent environment.
  /// - Returns: A reducer of the parent feature.
  @inlinable
  public func forEach<ParentState, ParentAction, ParentEnvironment, ID: Hashable & Sendable>(
    state: any WritableKeyPath<ParentState, [State]> & Sendable,
    action: CasePath<ParentAction, (ID, Action)>,
    environment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment>
  where State: Identifiable, State.ID == ID {
    forEach(state: state, action: action, deriveEnvironment: environment)
  }

  /// Lifts a reducer of one value to a parent whose state holds a dictionary of values.
  ///
  /// The returned reducer runs this reducer on the value at the key the action names. An action
  /// for a key that is not in the dictionary is ignored, with a runtime warning.
  ///
  /// ```swift
  /// enum RoomsAction { case room(String, RoomAction) }
  ///
  /// let roomsReducer = roomReducer.forEach(
  ///   state: \RoomsState.rooms, action: /RoomsAction.room, environment: \.room)
  /// ```
  ///
  /// - Parameters:
  ///   - state: A key path from the parent state to the dictionary of values.
  ///   - action: A case path from the parent action to a key and the value's action.
  ///   - environment: Derives the value environment from the parent environment.
  /// - Returns: A reducer of the parent feature.
  @inlinable
  public func forEach<ParentState, ParentAction, ParentEnvironment, Key: Hashable & Sendable>(
    state: any WritableKeyPath<ParentState, [Key: State]> & Sendable,
    action: CasePath<ParentAction, (Key, Action)>,
    environment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    forEach(state: state, action: action, deriveEnvironment: environment)
  }

  /// The building block of the array `forEach`, for modules that derive element environments
  /// their own way (environment-less `forEach` in `ComposableDeps` and `GlobalDeps`).
  ///
  /// `deriveEnvironment` is called only for actions whose element is present.
  ///
  /// ```swift
  /// todo.forEach(state: \.todos, action: /TodosAction.todo, deriveEnvironment: { $0.derived() })
  /// ```
  @inlinable
  package func forEach<ParentState, ParentAction, ParentEnvironment, ID: Hashable & Sendable>(
    state toElements: any WritableKeyPath<ParentState, [State]> & Sendable,
    action toElementAction: CasePath<ParentAction, (ID, Action)>,
    deriveEnvironment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment>
  where State: Identifiable, State.ID == ID {
    // Only a key path to the id goes on: a use of `State: Identifiable` inside the `@Sendable`
    // reducer closure would capture `State`'s non-Sendable metatype.
    forEach(state: toElements, action: toElementAction, id: \State.id, deriveEnvironment: deriveEnvironment)
  }

  @inlinable
  func forEach<ParentState, ParentAction, ParentEnvironment, ID: Hashable & Sendable>(
    state toElements: any WritableKeyPath<ParentState, [State]> & Sendable,
    action toElementAction: CasePath<ParentAction, (ID, Action)>,
    id elementID: any KeyPath<State, ID> & Sendable,
    deriveEnvironment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    let stateType = String(reflecting: [State].self)
    return Reducer<ParentState, ParentAction, ParentEnvironment> {
      parentState, parentAction, parentEnvironment in
      guard let (id, elementAction) = toElementAction.extract(from: parentAction) else {
        return .none
      }
      guard
        let index = parentState[keyPath: toElements].firstIndex(where: { $0[keyPath: elementID] == id })
      else {
        reducerWarning(
          AbsentStateWarning.arrayElement(action: parentAction, id: id, state: stateType))
        return .none
      }
      return self.run(
        &parentState[keyPath: toElements][index], elementAction, deriveEnvironment(parentEnvironment)
      )
      .map { toElementAction.embed((id, $0)) }
    }
  }

  /// The building block of the dictionary `forEach`, for modules that derive value environments
  /// their own way (environment-less `forEach` in `ComposableDeps` and `GlobalDeps`).
  ///
  /// `deriveEnvironment` is called only for actions whose key is present.
  ///
  /// ```swift
  /// room.forEach(state: \.rooms, action: /RoomsAction.room, deriveEnvironment: { $0.derived() })
  /// ```
  @inlinable
  package func forEach<ParentState, ParentAction, ParentEnvironment, Key: Hashable & Sendable>(
    state toValues: any WritableKeyPath<ParentState, [Key: State]> & Sendable,
    action toValueAction: CasePath<ParentAction, (Key, Action)>,
    deriveEnvironment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    let stateType = String(reflecting: [Key: State].self)
    return Reducer<ParentState, ParentAction, ParentEnvironment> {
      parentState, parentAction, parentEnvironment in
      guard let (key, valueAction) = toValueAction.extract(from: parentAction) else { return .none }
      guard parentState[keyPath: toValues][key] != nil else {
        reducerWarning(
          AbsentStateWarning.dictionaryValue(
            action: parentAction, key: key, state: stateType))
        return .none
      }
      return self.run(
        &parentState[keyPath: toValues][key]!, valueAction, deriveEnvironment(parentEnvironment)
      )
      .map { toValueAction.embed((key, $0)) }
    }
  }
}
