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
/// A `Send` belongs to the effect it was handed to, wherever it is called from: once that effect
/// is cancelled (by `Effect.cancel(id:)`, by a `cancelInFlight` restart, by
/// ``StoreTask/cancel()``, or by the store's release), it sends nothing, even from a completion
/// handler, a `DispatchQueue` job or a `Task.detached` the effect left running.
///
/// The action is passed as `sending`: an effect hands the action over to the store and must not
/// keep using it. Sendable actions (the usual case) are unaffected.
public struct Send<Action>: Sendable {
  // Hands the action to the store with the effect it comes from, which the store checks on the
  // main actor, where effects are cancelled: nothing sent after a cancel gets in.
  @usableFromInline let deliver: @Sendable (sending Action, RunningEffect?) async -> Void
  // The effect this `Send` was handed to; `nil` until the runtime hands it to one.
  @usableFromInline let effect: RunningEffect?

  /// Creates a `Send` that hands each action to `deliver`, with the effect that sends it (`nil`
  /// for actions sent by no effect). Stores and test stores make these; the runtime binds a copy to
  /// each effect it starts.
  @usableFromInline package init(
    _ deliver: @escaping @Sendable (sending Action, RunningEffect?) async -> Void
  ) {
    self.init(deliver: deliver, effect: nil)
  }

  @usableFromInline init(
    deliver: @escaping @Sendable (sending Action, RunningEffect?) async -> Void,
    effect: RunningEffect?
  ) {
    self.deliver = deliver
    self.effect = effect
  }

  /// This `Send`, for the work of `effect`: what it sends comes from `effect`.
  @inlinable func bound(to effect: RunningEffect) -> Self {
    Self(deliver: deliver, effect: effect)
  }

  /// A `Send` of child actions that embeds them with `transform` and sends them through this one,
  /// as this one's effect (or, once bound to another effect, as that one).
  @inlinable func map<Child>(
    _ transform: @escaping @Sendable (Child) -> Action
  ) -> Send<Child> {
    Send<Child>(
      deliver: { [deliver] action, effect in await deliver(transform(action), effect) }, effect: effect)
  }

  /// Sends `action` back into the store that runs this effect.
  ///
  /// Returns once the store has taken the action. Sending after the effect was cancelled, or after
  /// the store is gone, does nothing.
  ///
  /// ```swift
  /// await send(.loaded(value))
  /// ```
  ///
  /// - Parameter action: The action to send.
  public func callAsFunction(_ action: sending Action) async {
    await deliver(action, effect)
  }
}
