/// A function that changes a feature's state in place for an action, using the environment (the
/// feature's dependencies), and returns the ``Effect`` of the work the action starts.
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
/// `Sendable`, so that reducers can be global `let`s in Swift 6 mode: hence `@Sendable` closures.
public struct Reducer<State, Action, Environment>: Sendable {
  @usableFromInline let reduce: @Sendable (inout State, Action, Environment) -> Effect<Action>

  /// Creates a reducer from a function that changes the state for an action and returns an effect.
  ///
  /// `@preconcurrency`, so that TCA 0.40's higher-order reducers, which pass plain closures, compile
  /// without warnings in the Swift 5 language mode; the Swift 6 mode checks that `reduce` is
  /// `@Sendable` (see "Higher-order reducers" in Docs/MigratingFromTCA.md).
  @inlinable @preconcurrency
  public init(_ reduce: @escaping @Sendable (inout State, Action, Environment) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Runs the reducer for `action`, as a store does, and returns the effect the action starts.
  @inlinable
  public func run(
    _ state: inout State, _ action: Action, _ environment: Environment
  ) -> Effect<Action> {
    reduce(&state, action, environment)
  }

  /// A reducer that changes nothing and starts no effects.
  public static var empty: Self {
    Self { _, _, _ in .none }
  }

  /// Joins reducers into one that runs each in order on the same action, each seeing the state
  /// the ones before it left, and merges their effects in that order.
  public static func combine(_ reducers: Self...) -> Self {
    combine(reducers)
  }

  /// Joins an array of reducers into one that runs each of them in order.
  public static func combine(_ reducers: [Self]) -> Self {
    Self { state, action, environment in
      .merge(reducers.map { $0.reduce(&state, action, environment) })
    }
  }

  /// A reducer that runs this reducer, then `other`.
  public func combined(with other: Self) -> Self {
    .combine(self, other)
  }
}
