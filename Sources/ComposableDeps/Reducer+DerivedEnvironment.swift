import DepsCore
import DepsReducer

/// Environment-less pullbacks: the child environment is derived from the parent environment.
///
/// Each parent environment instance gets its own child, attached to it, so one reducer used by two
/// stores gives each its own. It is never one of the parent's `@Derived` properties; to run a child
/// reducer on one, pass it: `pullback(state: \.demo, action: /AppAction.demo, environment: \.demo)`.
///
/// ```swift
/// let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
///   counterReducer.pullback(state: \.counter, action: /AppAction.counter),
///   todoReducer.forEach(state: \.todos, action: /AppAction.todo)
/// )
/// ```
extension Reducer where Environment: ComposableEnvironment {
  /// Lifts this reducer to a parent whose state holds the child's state in a property.
  @inlinable
  public func pullback<ParentState, ParentAction, ParentEnvironment: ComposableEnvironment>(
    state: any WritableKeyPath<ParentState, State> & Sendable,
    action: CasePath<ParentAction, Action>
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    pullback(state: state, action: action, lending: ChildDerivation<ParentEnvironment, Environment>())
  }

  /// Lifts this reducer to a parent whose state is an enum with the child's state in one case.
  @inlinable
  public func pullback<ParentState, ParentAction, ParentEnvironment: ComposableEnvironment>(
    state: CasePath<ParentState, State>,
    action: CasePath<ParentAction, Action>
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    pullback(state: state, action: action, lending: ChildDerivation<ParentEnvironment, Environment>())
  }

  /// Lifts this reducer to a parent whose state holds a collection of identified child states.
  @inlinable
  public func forEach<
    ParentState, ParentAction, ParentEnvironment: ComposableEnvironment,
    Elements: MutableCollection & RandomAccessCollection, ID: Hashable & Sendable
  >(
    state: any WritableKeyPath<ParentState, Elements> & Sendable,
    action: CasePath<ParentAction, (ID, Action)>
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment>
  where Elements.Element == State, Elements: SendableMetatypeIfAvailable, State: Identifiable, State.ID == ID
  {
    forEach(state: state, action: action, lending: ChildDerivation<ParentEnvironment, Environment>())
  }

  /// Lifts this reducer to a parent whose state holds a dictionary of child states.
  @inlinable
  public func forEach<
    ParentState, ParentAction, ParentEnvironment: ComposableEnvironment, Key: Hashable & Sendable
  >(
    state: any WritableKeyPath<ParentState, [Key: State]> & Sendable,
    action: CasePath<ParentAction, (Key, Action)>
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    forEach(state: state, action: action, lending: ChildDerivation<ParentEnvironment, Environment>())
  }
}

/// ComposableDeps' lender: the child of type `Child` that the parent keeps for environment-less
/// pullbacks (`ComposableEnvironment.pulledBackChild(_:)`), lent with no reference taken, since
/// the parent keeps it alive. Its call sites name both types: inferred, `Parent` would be
/// `ComposableEnvironment` itself.
@usableFromInline
struct ChildDerivation<Parent: ComposableEnvironment, Child: ComposableEnvironment>: EnvironmentLending {
  @inlinable init() {}

  @inlinable
  func withChild<R>(of parent: Parent, _ body: (Child) -> R) -> R {
    let child = parent.pulledBackChildUnretained(Child.self)
    return child._withUnsafeGuaranteedRef { child in
      // Stored under `ObjectIdentifier(Child.self)`: only children of type `Child`.
      assert(child is Child, "Deps: the pulled-back child for \(Child.self) is a \(type(of: child)).")
      return body(unsafeDowncast(child, to: Child.self))
    }
  }
}
