import DepsCore

extension Reducer {
  /// Lifts a reducer of one element to a parent whose state holds a collection of identified
  /// elements; an action for an `id` that is not in the collection is ignored, with a runtime
  /// warning.
  ///
  /// The collection is an `Array`, or any `MutableCollection & RandomAccessCollection`, such as
  /// swift-identified-collections' `IdentifiedArray` (add that package to your own: this library
  /// depends on none). A collection that conforms to ``IndexedByID`` is asked for the element's
  /// index by id (a lookup, whatever its size); others are scanned when the element is not where
  /// it was found last. `@preconcurrency`, as `pullback(state:action:environment:)` is.
  ///
  /// ```swift
  /// enum TodosAction { case todo(Todo.ID, TodoAction) }
  ///
  /// let todosReducer: Reducer<TodosState, TodosAction, TodosEnvironment> = todoReducer.forEach(
  ///   state: \.todos, action: /TodosAction.todo, environment: \.todo)
  /// ```
  @inlinable @preconcurrency
  public func forEach<
    ParentState, ParentAction, ParentEnvironment, Elements: MutableCollection & RandomAccessCollection,
    ID: Hashable & Sendable
  >(
    state: any WritableKeyPath<ParentState, Elements> & Sendable,
    action: CasePath<ParentAction, (ID, Action)>,
    environment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment>
  where Elements.Element == State, Elements: SendableMetatypeIfAvailable, State: Identifiable, State.ID == ID
  {
    forEach(state: state, action: action, lending: DerivedEnvironment(derive: environment))
  }

  @inlinable
  package func forEach<
    ParentState, ParentAction, Elements: MutableCollection & RandomAccessCollection,
    ID: Hashable & Sendable, Lender: EnvironmentLending
  >(
    state: any WritableKeyPath<ParentState, Elements> & Sendable,
    action: CasePath<ParentAction, (ID, Action)>,
    lending: Lender
  ) -> Reducer<ParentState, ParentAction, Lender.Parent>
  where
    Elements.Element == State, Elements: SendableMetatypeIfAvailable, State: Identifiable, State.ID == ID,
    Lender.Child == Environment
  {
    // A key path, not a closure: one in a context where `State: Identifiable` would capture
    // `State`'s non-Sendable metatype.
    forEach(state: state, action: action, index: ElementIndex(id: \State.id), lending: lending)
  }

  @inlinable
  func forEach<
    ParentState, ParentAction, Elements: MutableCollection & RandomAccessCollection,
    ID: Hashable & Sendable, Lender: EnvironmentLending
  >(
    state: any WritableKeyPath<ParentState, Elements> & Sendable,
    action: CasePath<ParentAction, (ID, Action)>,
    index: ElementIndex<State, ID>,
    lending: Lender
  ) -> Reducer<ParentState, ParentAction, Lender.Parent>
  where Elements.Element == State, Elements: SendableMetatypeIfAvailable, Lender.Child == Environment {
    let toElements = StatePath(state)
    let embedAction = action.embedValue
    let stateType = String(describing: Elements.self)
    let lookup = IDLookup<Elements, ID>()
    return Reducer<ParentState, ParentAction, Lender.Parent> {
      parentState, parentAction, parentEnvironment in
      guard let (id, elementAction) = action.extract(from: parentAction) else { return .none }
      let effect = toElements.modify(&parentState) { elements in
        index.modify(&elements, id: id, lookup: lookup) { element in
          lending.withChild(of: parentEnvironment) { self.run(&element, elementAction, $0) }
        }
      }
      guard let effect else {
        reducerWarning(
          AbsentStateWarning.arrayElement(action: parentAction, id: id, state: stateType),
          in: Self.self)
        return .none
      }
      return effect.map { embedAction((id, $0)) }
    }
  }

  /// Lifts a reducer of one value to a parent whose state holds a dictionary of values; an action
  /// for a key that is not in the dictionary is ignored, with a runtime warning.
  @inlinable @preconcurrency
  public func forEach<ParentState, ParentAction, ParentEnvironment, Key: Hashable & Sendable>(
    state: any WritableKeyPath<ParentState, [Key: State]> & Sendable,
    action: CasePath<ParentAction, (Key, Action)>,
    environment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    forEach(state: state, action: action, lending: DerivedEnvironment(derive: environment))
  }

  @inlinable
  package func forEach<ParentState, ParentAction, Key: Hashable & Sendable, Lender: EnvironmentLending>(
    state: any WritableKeyPath<ParentState, [Key: State]> & Sendable,
    action: CasePath<ParentAction, (Key, Action)>,
    lending: Lender
  ) -> Reducer<ParentState, ParentAction, Lender.Parent> where Lender.Child == Environment {
    let toValues = StatePath(state)
    let embedAction = action.embedValue
    let stateType = String(describing: [Key: State].self)
    return Reducer<ParentState, ParentAction, Lender.Parent> {
      parentState, parentAction, parentEnvironment in
      guard let (key, valueAction) = action.extract(from: parentAction) else { return .none }
      return toValues.modify(&parentState) { values in
        guard values[key] != nil else {
          reducerWarning(
            AbsentStateWarning.dictionaryValue(action: parentAction, key: key, state: stateType),
            in: Self.self)
          return .none
        }
        return lending.withChild(of: parentEnvironment) { self.run(&values[key]!, valueAction, $0) }
          .map { embedAction((key, $0)) }
      }
    }
  }
}
