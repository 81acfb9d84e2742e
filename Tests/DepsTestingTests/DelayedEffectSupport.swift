import DepsReducer
import DepsTesting

struct ClockCancelID: Hashable, Sendable {}

enum ClockAction: Equatable, Sendable {
  /// Starts the effect under test, number `n`.
  case start(Int)
  /// What the effects send; appended to the state.
  case value(Int)
  case cancel
}

/// A store whose `.start(n)` returns `effect(n)`, whose `.value`s are appended to the state, and
/// whose `.cancel` cancels `ClockCancelID()`.
@MainActor func clockStore(
  _ effect: @escaping @Sendable (Int) -> Effect<ClockAction>
) -> Store<[Int], ClockAction, Void> {
  Store(
    initialState: [],
    reducer: Reducer { state, action, _ in
      switch action {
      case .start(let n):
        return effect(n)
      case .value(let value):
        state.append(value)
        return .none
      case .cancel:
        return .cancel(id: ClockCancelID())
      }
    },
    environment: ())
}

// TCA's tests move the scheduler right after starting an effect; here an effect a send just
// started may not have reached its sleep yet when `advance` looks (then it sleeps from the
// advanced time, and the test waits forever: written as TCA writes it, `merge` in DelayedEffectCompositionTests hung in about
// 1 run of 50). Tests wait for the sleepers first, with `waitForSleepers(on:count:)`.

/// Waits until the store's state satisfies `predicate`, for effects that go on after sending (the
/// suites' time limit ends a wait that never does).
@MainActor func waitForState<State: Sendable, Action, Environment>(
  _ store: Store<State, Action, Environment>, _ predicate: (State) -> Bool
) async {
  if predicate(store.state) { return }
  for await state in store.states where predicate(state) { return }
}
