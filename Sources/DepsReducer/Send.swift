/// Sends actions from a running effect back into the store that started it.
///
/// An ``Effect/run(priority:operation:)`` operation receives a `Send` value; calling it feeds an
/// action back to the store, whose reducer then runs on the main actor.
///
/// ```swift
/// return .run { [count = state.count, numberFact = environment.numberFact] send in
///   let fact = try await numberFact(count)
///   await send(.factLoaded(fact))
/// }
/// ```
///
/// The action is passed as `sending`: an effect hands the action over to the store and must not
/// keep using it. Sendable actions (the usual case) are unaffected.
public struct Send<Action>: Sendable {
  private let deliver: @Sendable (sending Action) async -> Void

  /// Creates a `Send` that hands each action to `deliver`. Stores and test stores make these.
  @usableFromInline package init(_ deliver: @escaping @Sendable (sending Action) async -> Void) {
    self.deliver = deliver
  }

  /// Sends `action` back into the store that runs this effect.
  ///
  /// Returns once the store has taken the action. Sending after the store is gone does nothing.
  ///
  /// ```swift
  /// await send(.loaded(value))
  /// ```
  ///
  /// - Parameter action: The action to send.
  public func callAsFunction(_ action: sending Action) async {
    await deliver(action)
  }
}
