/// A function that evolves a feature's state for each action, and says what work to do next.
///
/// A reducer takes the current state, an action and the environment (the feature's dependencies),
/// changes the state in place, and returns an ``Effect`` for the asynchronous work the action
/// starts. Small reducers are joined with ``combine(_:)-(Reducer<State,Action,Environment>...)`` and lifted into larger features
/// with `pullback` and `forEach`.
///
/// ```swift
/// let counterReducer = Reducer<CounterState, CounterAction, CounterEnvironment> {
///   state, action, environment in
///   switch action {
///   case .increment:
///     state.count += 1
///     return .none
///   case .factTapped:
///     return .run { [count = state.count, fact = environment.fact] send in
///       await send(.factLoaded(try await fact(count)))
///     }
///   case .factLoaded(let fact):
///     state.fact = fact
///     return .none
///   }
/// }
/// ```
///
/// `Reducer` is `Sendable`, so reducers can be declared as global `let`s in Swift 6 mode; that is
/// why the closures it takes are `@Sendable`.
public struct Reducer<State, Action, Environment>: Sendable {
  @usableFromInline let reduce: @Sendable (inout State, Action, Environment) -> Effect<Action>

  /// Creates a reducer from a function that changes the state for an action and returns an effect.
  ///
  /// ```swift
  /// let reducer = Reducer<Int, Void, Void> { count, _, _ in
  ///   count += 1
  ///   return .none
  /// }
  /// ```
  ///
  /// `@preconcurrency`, so that TCA 0.40's higher-order reducers, which pass plain closures, compile
  /// without warnings in the Swift 5 language mode; the Swift 6 mode checks that `reduce` is
  /// `@Sendable` (see "Higher-order reducers" in Docs/MigratingFromTCA.md).
  ///
  /// - Parameter reduce: Changes the state for an action, using the environment; returns the
  ///   effect to run next (``Effect/none`` when there is nothing to do).
  @inlinable @preconcurrency
  public init(_ reduce: @escaping @Sendable (inout State, Action, Environment) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Runs the reducer on a state for an action.
  ///
  /// Stores call this for you; call it directly to drive a reducer by hand, for example in a test.
  ///
  /// ```swift
  /// var state = CounterState()
  /// let effect = counterReducer.run(&state, .increment, CounterEnvironment())
  /// ```
  ///
  /// - Parameters:
  ///   - state: The state to change.
  ///   - action: The action to handle.
  ///   - environment: The dependencies the reducer may use.
  /// - Returns: The effect the action starts.
  @inlinable
  public func run(
    _ state: inout State, _ action: Action, _ environment: Environment
  ) -> Effect<Action> {
    reduce(&state, action, environment)
  }

  /// A reducer that changes nothing and starts no effects.
  ///
  /// ```swift
  /// let reducer = featureEnabled ? featureReducer : .empty
  /// ```
  public static var empty: Self {
    Self { _, _, _ in .none }
  }

  /// Joins reducers into one that runs each of them in order, on the same state and action.
  ///
  /// Each reducer sees the state left by the reducers before it. The effects of all reducers are
  /// merged, in the same order.
  ///
  /// ```swift
  /// let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
  ///   counterReducer.pullback(state: \.counter, action: /AppAction.counter, environment: \.counter),
  ///   coreReducer
  /// )
  /// ```
  ///
  /// - Parameter reducers: The reducers to run, in order.
  /// - Returns: A reducer running all of them.
  public static func combine(_ reducers: Self...) -> Self {
    combine(reducers)
  }

  /// Joins an array of reducers into one that runs each of them in order.
  ///
  /// ```swift
  /// let appReducer = Reducer.combine(featureReducers)
  /// ```
  ///
  /// - Parameter reducers: The reducers to run, in order.
  /// - Returns: A reducer running all of them, merging their effects in order.
  public static func combine(_ reducers: [Self]) -> Self {
    Self { state, action, environment in
      .merge(reducers.map { $0.reduce(&state, action, environment) })
    }
  }

  /// Returns a reducer that runs this reducer, then `other`.
  ///
  /// ```swift
  /// let reducer = childReducers.combined(with: coreReducer)
  /// ```
  ///
  /// - Parameter other: The reducer to run after this one.
  /// - Returns: A reducer running both, merging their effects in order.
  public func combined(with other: Self) -> Self {
    .combine(self, other)
  }
}
