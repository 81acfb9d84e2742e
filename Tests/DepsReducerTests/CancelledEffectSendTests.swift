import DepsCore
import DepsReducer
import Dispatch
import Testing

/// How the code an effect leaves behind calls its `send`: from places that carry none of the
/// effect's task-local values.
enum CallbackRoute: Sendable, CaseIterable {
  /// A `DispatchQueue` job (a completion handler) that starts a `Task`.
  case dispatchQueueThenTask
  /// A `Task.detached` started inside the effect.
  case detachedTask
}

/// How the reducer wraps the effect that hands its `send` to a callback.
enum CallbackShape: Sendable, CaseIterable {
  /// `.run { … }.cancellable(id:)`.
  case plain
  /// A child's effect, `.map`ped into the parent's actions, made cancellable by the parent.
  case mapped
  /// The second step of a `.concatenate`.
  case concatenated
  /// One of two `.merge`d effects.
  case merged
  /// An inner `cancellable` inside an outer one, the whole `.map`ped: cancelled by the inner id
  /// while the outer effect goes on.
  case nestedInMapped
}

enum CallbackStep: Equatable, Sendable {
  /// Starts round `n`'s effect, cancellable by ``CallbackID``.
  case start(Int, CallbackRoute, CallbackShape)
  /// Starts round `n`'s effect cancelling the running one first.
  case restart(Int, CallbackRoute)
  /// Starts round `n`'s effect, which ends as soon as its callback is on its way.
  case startAndEnd(Int, CallbackRoute)
  /// Cancels the effects of ``CallbackID`` (and of ``InnerCallbackID``).
  case stop
  /// Cancels the effects of ``InnerCallbackID`` only.
  case stopInner
  /// What a callback sends.
  case late(Int)
  /// A child action, for the mapped shapes.
  indirect case child(CallbackStep)
}

struct CallbackID: Hashable, Sendable {}
struct InnerCallbackID: Hashable, Sendable {}

/// A flag code sets once and others wait for, always with a deadline.
final class CallbackSignal: Sendable {
  private let isSet = Locked(false)

  func set() { isSet.withLock { $0 = true } }

  /// Waits until the flag is set or `timeout` passed; returns whether it was set.
  func wait(timeout: Duration = .seconds(30)) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !isSet.withLock({ $0 }), clock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
    return isSet.withLock { $0 }
  }
}

/// One effect's callback: the effect sets `spawned` once the callback is on its way, the test
/// opens `gate` to let it send, and the callback sets `done` once its `send` returned.
final class CallbackRound: Sendable {
  let spawned = CallbackSignal()
  let gate = CallbackSignal()
  let done = CallbackSignal()
}

/// What the test sees: the callback rounds, and the `late` actions the reducer handled (recorded
/// here so that a store's release does not hide them).
final class CallbackRig: Sendable {
  private let rounds = Locked([Int: CallbackRound]())
  private let handled = Locked([Int]())

  func round(_ n: Int) -> CallbackRound {
    rounds.withLock { rounds in
      if let round = rounds[n] { return round }
      let round = CallbackRound()
      rounds[n] = round
      return round
    }
  }

  func handle(_ n: Int) { handled.withLock { $0.append(n) } }
  var handledRounds: [Int] { handled.withLock { $0 } }

  /// Lets round `n`'s callback send, and waits until its `send` returned.
  func release(_ n: Int) async -> Bool {
    round(n).gate.set()
    return await round(n).done.wait()
  }
}

/// An effect that hands its `send` to a callback by `route` and then runs until it is cancelled
/// (or, with `ends`, ends at once, leaving the callback behind).
func callbackEffect(
  _ n: Int, via route: CallbackRoute, rig: CallbackRig, ends: Bool = false
) -> Effect<CallbackStep> {
  .run { send in
    let round = rig.round(n)
    let callback: @Sendable () async -> Void = {
      _ = await round.gate.wait()
      await send(.late(n))
      round.done.set()
    }
    switch route {
    case .dispatchQueueThenTask:
      DispatchQueue.global().async { Task { await callback() } }
    case .detachedTask:
      Task.detached { await callback() }
    }
    round.spawned.set()
    if !ends { try await Task.sleep(for: .seconds(60)) }
  }
}

func shaped(
  _ n: Int, via route: CallbackRoute, _ shape: CallbackShape, rig: CallbackRig
) -> Effect<CallbackStep> {
  let effect = callbackEffect(n, via: route, rig: rig)
  let waitsForCancel = Effect<CallbackStep>.run { _ in try await Task.sleep(for: .seconds(60)) }
  switch shape {
  case .plain:
    return effect.cancellable(id: CallbackID())
  case .mapped:
    return effect.map(CallbackStep.child).cancellable(id: CallbackID())
  case .concatenated:
    return Effect.concatenate(.run { _ in await Task.yield() }, effect).cancellable(id: CallbackID())
  case .merged:
    return Effect.merge(waitsForCancel, effect).cancellable(id: CallbackID())
  case .nestedInMapped:
    return Effect.merge(effect.cancellable(id: InnerCallbackID()), waitsForCancel)
      .cancellable(id: CallbackID())
      .map(CallbackStep.child)
  }
}

private let callbackSteps = Reducer<[Int], CallbackStep, CallbackRig> { state, action, rig in
  switch action {
  case .start(let n, let route, let shape):
    return shaped(n, via: route, shape, rig: rig)
  case .restart(let n, let route):
    return callbackEffect(n, via: route, rig: rig).cancellable(id: CallbackID(), cancelInFlight: true)
  case .startAndEnd(let n, let route):
    return callbackEffect(n, via: route, rig: rig, ends: true)
  case .stop:
    return .merge(.cancel(id: CallbackID()), .cancel(id: InnerCallbackID()))
  case .stopInner:
    return .cancel(id: InnerCallbackID())
  case .late(let n):
    rig.handle(n)
    state.append(n)
    return .none
  case .child:
    return .none
  }
}

/// The steps, and the same steps sent as `.child` (by a scoped store, or by a `.map`ped effect).
let callbackReducer = Reducer.combine(
  callbackSteps,
  callbackSteps.pullback(state: \.self, action: /CallbackStep.child, environment: { $0 })
)

/// A cancelled effect's `send` sends nothing, wherever the code that calls it runs: the `Send`
/// knows its effect. A `send` from the same places before the cancel is delivered.
@MainActor @Suite struct CancelledEffectSendTests {
  /// Rounds per test: each cancels one effect whose callback then sends.
  private static let rounds = 100

  private static func route(_ round: Int) -> CallbackRoute {
    round.isMultiple(of: 2) ? .dispatchQueueThenTask : .detachedTask
  }

  private func makeStore(_ rig: CallbackRig) -> Store<[Int], CallbackStep, CallbackRig> {
    Store(initialState: [], reducer: callbackReducer, environment: rig)
  }

  /// A callback's `send` after the effect was cancelled by id is dropped; one before the cancel
  /// is delivered.
  @Test(arguments: CallbackShape.allCases, [true, false])
  func aSendFollowsACancelByID(shape: CallbackShape, isAfterTheCancel: Bool) async {
    let stop: CallbackStep = shape == .nestedInMapped ? .stopInner : .stop
    for n in 0..<Self.rounds {
      let rig = CallbackRig()
      let store = makeStore(rig)
      store.send(.start(n, Self.route(n), shape))
      #expect(await rig.round(n).spawned.wait())
      if isAfterTheCancel { store.send(stop) }
      #expect(await rig.release(n))
      let delivered = isAfterTheCancel ? [] : [n]
      #expect(rig.handledRounds == delivered, "round \(n), \(Self.route(n))")
      #expect(store.state == delivered)
    }
  }

  @Test func aSendThroughAScopedStoresEffectFollowsItsCancellation() async {
    for n in 0..<Self.rounds {
      let rig = CallbackRig()
      let root = makeStore(rig)
      let child = root.scope(state: \.self, action: /CallbackStep.child)
      // The child's effect is the root's, `.map`ped: the root's id cancels it.
      child.send(.start(2 * n, Self.route(n), .plain))
      #expect(await rig.round(2 * n).spawned.wait())
      #expect(await rig.release(2 * n))
      child.send(.stop)
      child.send(.start(2 * n + 1, Self.route(n), .plain))
      #expect(await rig.round(2 * n + 1).spawned.wait())
      child.send(.stop)
      #expect(await rig.release(2 * n + 1))
      #expect(rig.handledRounds == [2 * n], "round \(n), \(Self.route(n))")
    }
  }

  @Test func aSendAfterACancelInFlightRestartIsDropped() async {
    for n in 0..<Self.rounds {
      let rig = CallbackRig()
      let store = makeStore(rig)
      store.send(.restart(2 * n, Self.route(n)))
      #expect(await rig.round(2 * n).spawned.wait())
      // Cancels the first effect; the second starts once the first ended.
      store.send(.restart(2 * n + 1, Self.route(n + 1)))
      #expect(await rig.round(2 * n + 1).spawned.wait())
      #expect(await rig.release(2 * n))
      #expect(await rig.release(2 * n + 1))
      #expect(rig.handledRounds == [2 * n + 1], "round \(n)")
      store.send(.stop)
    }
  }

  @Test func aSendAfterStoreTaskCancelIsDropped() async {
    for n in 0..<Self.rounds {
      let rig = CallbackRig()
      let store = makeStore(rig)
      let task = store.send(.start(n, Self.route(n), .plain))
      #expect(await rig.round(n).spawned.wait())
      task.cancel()
      #expect(await rig.release(n))
      #expect(rig.handledRounds == [], "round \(n), \(Self.route(n))")
    }
  }

  /// An effect that ended leaves its callback behind: its `send` still counts as the effect's,
  /// dropped once the effect's `StoreTask` is cancelled, delivered otherwise.
  @Test(arguments: [true, false])
  func aSendFromAnEndedEffectFollowsItsStoreTask(isCancelled: Bool) async {
    for n in 0..<Self.rounds {
      let rig = CallbackRig()
      let store = makeStore(rig)
      let task = store.send(.startAndEnd(n, Self.route(n)))
      #expect(await rig.round(n).spawned.wait())
      await task.finish()
      if isCancelled {
        task.cancel()
      } else {
        // The effect ended before this cancel: its id no longer names it.
        store.send(.stop)
      }
      #expect(await rig.release(n))
      #expect(rig.handledRounds == (isCancelled ? [] : [n]), "round \(n), \(Self.route(n))")
    }
  }

  @Test func aSendAfterTheStoreWasReleasedIsDropped() async {
    for n in 0..<Self.rounds {
      let rig = CallbackRig()
      var store: Store<[Int], CallbackStep, CallbackRig>? = makeStore(rig)
      store?.send(.start(n, Self.route(n), .plain))
      #expect(await rig.round(n).spawned.wait())
      store = nil
      #expect(await rig.release(n))
      #expect(rig.handledRounds == [], "round \(n), \(Self.route(n))")
    }
  }
}
