import DepsCore
import DepsReducer

/// Environment-less pullbacks: the child environment is created with `init()` for each child
/// action, so that its `@Dependency` properties see the `withDependencies` scope in force when
/// the action runs, never one left over from another test.
///
/// ```swift
/// let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
///   counterReducer.pullback(state: \.counter, action: /AppAction.counter),
///   todoReducer.forEach(state: \.todos, action: /AppAction.todo)
/// )
/// ```
extension Reducer where Environment: GlobalEnvironment {
  /// Lifts this reducer to a parent whose state holds the child's state in a property.
  @inlinable
  public func pullback<ParentState, ParentAction, ParentEnvironment: GlobalEnvironment>(
    state: any WritableKeyPath<ParentState, State> & Sendable,
    action: CasePath<ParentAction, Action>
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    pullback(state: state, action: action, lending: ChildDerivation())
  }

  /// Lifts this reducer to a parent whose state is an enum with the child's state in one case.
  @inlinable
  public func pullback<ParentState, ParentAction, ParentEnvironment: GlobalEnvironment>(
    state: CasePath<ParentState, State>,
    action: CasePath<ParentAction, Action>
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    pullback(state: state, action: action, lending: ChildDerivation())
  }

  /// Lifts this reducer to a parent whose state holds a collection of identified child states.
  @inlinable
  public func forEach<
    ParentState, ParentAction, ParentEnvironment: GlobalEnvironment,
    Elements: MutableCollection & RandomAccessCollection, ID: Hashable & Sendable
  >(
    state: any WritableKeyPath<ParentState, Elements> & Sendable,
    action: CasePath<ParentAction, (ID, Action)>
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment>
  where Elements.Element == State, Elements: SendableMetatypeIfAvailable, State: Identifiable, State.ID == ID
  {
    forEach(state: state, action: action, lending: ChildDerivation())
  }

  /// Lifts this reducer to a parent whose state holds a dictionary of child states.
  @inlinable
  public func forEach<
    ParentState, ParentAction, ParentEnvironment: GlobalEnvironment, Key: Hashable & Sendable
  >(
    state: any WritableKeyPath<ParentState, [Key: State]> & Sendable,
    action: CasePath<ParentAction, (Key, Action)>
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    forEach(state: state, action: action, lending: ChildDerivation())
  }
}

/// GlobalDeps' lender: a new `Child` for each child action. A global environment holds no values
/// of its own, so a new one reads what the parent would.
@usableFromInline
struct ChildDerivation<Parent: GlobalEnvironment, Child: GlobalEnvironment>: EnvironmentLending {
  @inlinable init() {}

  @inlinable
  func withChild<R>(of _: Parent, _ body: (Child) -> R) -> R {
    body(Child())
  }
}
