/// Sends actions from a running effect back into the store that started it, whose reducer runs
/// them on the main actor.
///
/// A `Send` belongs to the effect it was handed to, wherever it is called from: once that effect
/// is cancelled (by `Effect.cancel(id:)`, by a `cancelInFlight` restart, by
/// ``StoreTask/cancel()``, or by the store's release), it sends nothing, even from a completion
/// handler, a `DispatchQueue` job or a `Task.detached` the effect left running.
///
/// The action is passed as `sending`: an effect hands it over to the store and must not keep
/// using it.
public struct Send<Action>: Sendable {
  // The store checks the effect on the main actor, where effects are cancelled: nothing sent
  // after a cancel gets in.
  @usableFromInline let deliver: @Sendable (sending Action, RunningEffect?) async -> Void
  // `nil` until the runtime binds a copy to an effect.
  @usableFromInline let effect: RunningEffect?

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

  @inlinable func bound(to effect: RunningEffect) -> Self {
    Self(deliver: deliver, effect: effect)
  }

  /// Sends as this one's effect, or, once bound to another effect, as that one.
  @inlinable func map<Child>(
    _ transform: @escaping @Sendable (Child) -> Action
  ) -> Send<Child> {
    Send<Child>(
      deliver: { [deliver] action, effect in await deliver(transform(action), effect) }, effect: effect)
  }

  /// Sends `action` back into the store and returns once the store has taken it; does nothing
  /// once the effect was cancelled or the store is gone.
  public func callAsFunction(_ action: sending Action) async {
    await deliver(action, effect)
  }
}
