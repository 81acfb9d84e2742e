import DepsCore
import DepsTestSupport
import Testing

@testable import DepsReducer

private struct OuterID: Hashable, Sendable {}
private struct InnerID: Hashable, Sendable {}
private struct OtherID: Hashable, Sendable {}

private enum Step: Equatable, Sendable {
  case start(Int)
  case finished(Int)
  case cancel(Int)
}

/// Counts how many effects run at once.
private final class Overlap: Sendable {
  private let state = Locked((active: 0, maxActive: 0))
  func enter() {
    state.withLock {
      $0.active += 1
      $0.maxActive = max($0.maxActive, $0.active)
    }
  }
  func leave() { state.withLock { $0.active -= 1 } }
  var maxActive: Int { state.withLock { $0.maxActive } }
}

/// A gate an effect waits at, cancelled or not, until the test opens it.
private final class Gate: Sendable {
  private let state = Locked((isOpen: false, waiters: [CheckedContinuation<Void, Never>]()))

  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters.removeAll() }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  func wait() async {
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock { state in
        if !state.isOpen { state.waiters.append(continuation) }
        return state.isOpen
      }
      if isOpen { continuation.resume() }
    }
  }
}

/// Effects that run until cancelled, and the effects that cancel them.
private func blockingReducer(_ effect: @escaping @Sendable () -> Effect<Step>) -> Reducer<[Step], Step, Void>
{
  Reducer { state, action, _ in
    state.append(action)
    switch action {
    case .start:
      return effect()
    case .cancel(0):
      return .cancel(id: OuterID())
    case .cancel:
      return .cancel(id: InnerID())
    case .finished:
      return .none
    }
  }
}

/// An effect that runs until its task is cancelled, then sends `.finished(n)` (a cancelled effect
/// sends nothing, so the action must not arrive).
private func untilCancelled(_ n: Int) -> Effect<Step> {
  .run { send in
    while !Task.isCancelled { await Task.yield() }
    await send(.finished(n))
  }
}

@MainActor @Suite struct EffectRegistryTests {
  @Test func aCancellableRunInsideACancellableMergeStopsForItsOwnID() async {
    let store = Store(
      initialState: [],
      reducer: blockingReducer {
        .merge(untilCancelled(1).cancellable(id: InnerID()), .run { send in await send(.finished(2)) })
          .cancellable(id: OuterID())
      }, environment: ())
    let task = store.send(.start(0))
    while !store.state.contains(.finished(2)) { await Task.yield() }
    store.send(.cancel(1))
    await task.finish()
    #expect(store.state == [.start(0), .finished(2), .cancel(1)])
    #expect(store.runningEffectCount == 0)
    #expect(store.registeredIDCount == 0)
  }

  @Test func aRunMadeCancellableTwiceStopsForEitherID() async {
    for cancel in [0, 1] {
      let store = Store(
        initialState: [],
        reducer: blockingReducer { untilCancelled(1).cancellable(id: InnerID()).cancellable(id: OuterID()) },
        environment: ())
      let task = store.send(.start(0))
      await Task.yield()
      store.send(.cancel(cancel))
      await task.finish()
      #expect(store.state == [.start(0), .cancel(cancel)])
      #expect(store.runningEffectCount == 0)
      #expect(store.registeredIDCount == 0)
    }
  }

  @Test func idsOfAnotherTypeDoNotMatchButEqualIntegersDo() async {
    // Ids compare as `AnyHashable` does: `OtherID()` is not `InnerID()`, `1` is `UInt8(1)`.
    let store = Store(
      initialState: [],
      reducer: Reducer<[Step], Step, Void> { state, action, _ in
        state.append(action)
        switch action {
        case .start(let n): return untilCancelled(n).cancellable(id: 1)
        case .cancel(0): return .merge(.cancel(id: OtherID()), .cancel(id: InnerID()))
        case .cancel: return .cancel(id: UInt8(1))
        case .finished: return .none
        }
      }, environment: ())
    let task = store.send(.start(1))
    store.send(.cancel(0))
    #expect(store.runningEffectCount == 1)
    store.send(.cancel(1))
    await task.finish()
    #expect(store.runningEffectCount == 0)
    #expect(store.registeredIDCount == 0)
  }

  @Test func longRestartChainsNeverOverlap() async {
    for round in 0..<100 {
      let overlap = Overlap()
      let store = Store(
        initialState: [],
        reducer: blockingReducer {
          .run { send in
            overlap.enter()
            defer { overlap.leave() }
            for _ in 0..<(round % 3) { await Task.yield() }
          }
          .cancellable(id: OuterID(), cancelInFlight: true)
        }, environment: ())
      var tasks: [StoreTask] = []
      for n in 0..<20 {
        tasks.append(store.send(.start(n)))
        if n % (round % 4 + 1) == 0 { await Task.yield() }
      }
      for task in tasks { await task.finish() }
      #expect(overlap.maxActive <= 1)
      #expect(store.runningEffectCount == 0)
      #expect(store.registeredIDCount == 0)
    }
  }

  @Test func effectsEndingWhileTheirIDIsCancelledLeaveTheRegistryEmpty() async {
    // Several effects under one id (no cancel in flight): some end by themselves while the id is
    // cancelled, from the pool's threads and the main actor at once.
    for round in 0..<200 {
      let store = Store(
        initialState: [],
        reducer: blockingReducer {
          .run { _ in for _ in 0..<(round % 5) { await Task.yield() } }
            .cancellable(id: InnerID())
        }, environment: ())
      let tasks = (0..<4).map { store.send(.start($0)) }
      if round % 2 == 0 { await Task.yield() }
      store.send(.cancel(1))
      for task in tasks { await task.finish() }
      #expect(store.runningEffectCount == 0)
      #expect(store.registeredIDCount == 0)
    }
  }

  @Test func cancellingAStoreTaskWhileItsEffectsStartAndEnd() async {
    // A task's effects start more effects (through the actions they send) while it is cancelled:
    // every one of them stops, and the task's finish returns.
    let chain = Reducer<Int, Int, Void> { state, action, _ in
      state += 1
      guard action > 0 else { return .none }
      return .run { send in
        await Task.yield()
        await send(action - 1)
      }
    }
    for round in 0..<200 {
      let store = Store(initialState: 0, reducer: chain, environment: ())
      let task = store.send(10)
      for _ in 0..<(round % 6) { await Task.yield() }
      task.cancel()
      #expect(task.isCancelled)
      await task.finish()
      #expect(store.runningEffectCount == 0)
      let handled = store.state
      await Task.yield()
      #expect(store.state == handled)
    }
  }

  /// The store of `restartTests`: `.start(0)` starts an effect that goes on after a cancel until
  /// `gate` opens, `.start(n)` for `n > 0` a restart of its id that ends after `yields` yields;
  /// every effect sends `.finished(n)` as it ends.
  private func restartStore(
    gate: Gate, overlap: Overlap, firstCancelsInFlight: Bool, yields: Int
  ) -> Store<[Step], Step, Void> {
    Store(
      initialState: [],
      reducer: Reducer { state, action, _ in
        state.append(action)
        switch action {
        case .start(let n):
          return .run { send in
            overlap.enter()
            defer { overlap.leave() }
            if n == 0 {
              await gate.wait()
            } else {
              for _ in 0..<yields { await Task.yield() }
            }
            await send(.finished(n))
          }
          .cancellable(id: OuterID(), cancelInFlight: n > 0 || firstCancelsInFlight)
        case .cancel:
          return .cancel(id: OuterID())
        case .finished:
          return .none
        }
      }, environment: ())
  }

  @Test func restartsAfterACancelByIDNeverOverlapTheCancelledEffect() async {
    // Issue 24: an effect `.cancel(id:)` cancelled goes on until its gate opens; a restart with
    // its id starts only once it ended, and nothing it sends after its cancel arrives. Rounds
    // vary when the cancelled effect starts, and whether the gate opens before the restart.
    for round in 0..<StressScale.scaled(2_000) {
      let gate = Gate()
      let overlap = Overlap()
      let store = restartStore(
        gate: gate, overlap: overlap, firstCancelsInFlight: round % 2 == 0, yields: round % 3)
      store.send(.start(0))
      for _ in 0..<(round % 4) { await Task.yield() }
      store.send(.cancel(0))
      if round % 5 == 0 { gate.open() }
      store.send(.start(1))
      for _ in 0..<(round % 3) { await Task.yield() }
      gate.open()
      let ended = await eventually { await store.runningEffectCount == 0 }
      #expect(ended, "round \(round): \(store.runningEffectCount) effects still run")
      #expect(overlap.maxActive == 1, "round \(round)")
      #expect(store.state == [.start(0), .cancel(0), .start(1), .finished(1)], "round \(round)")
      #expect(store.registeredIDCount == 0, "round \(round)")
    }
  }

  @Test func aRestartAfterCancellingEveryEffectWaitsForTheOnesThatGoOn() async {
    // What `TestStore.skipInFlightEffects` does: the cancelled effects stay known by their ids
    // until they end.
    let gate = Gate()
    let overlap = Overlap()
    let store = restartStore(gate: gate, overlap: overlap, firstCancelsInFlight: false, yields: 0)
    store.send(.start(0))
    #expect(await eventually { overlap.maxActive == 1 })
    store.effects.cancelRunning()
    store.send(.start(1))
    // Waiting for the effect that goes on, or (wrongly) running beside it.
    _ = await eventually { await store.effects.waitingRestarts.count == 1 || overlap.maxActive > 1 }
    #expect(store.effects.waitingRestarts.count == 1)
    #expect(overlap.maxActive == 1)
    gate.open()
    #expect(await eventually { await store.runningEffectCount == 0 })
    #expect(overlap.maxActive == 1)
    #expect(store.state == [.start(0), .start(1), .finished(1)])
    #expect(store.registeredIDCount == 0)
  }

  @Test func aRestartWaitsForTheEnclosingEffectANestedRestartCancelled() async {
    // A `cancellable(id:cancelInFlight: true)` inside an effect with the same id cancels the
    // enclosing effect but cannot wait for it (that one waits for it). The enclosing effect's other
    // work goes on until the gate opens: a later restart with the id waits for it.
    let gate = Gate()
    let overlap = Overlap()
    let store = Store(
      initialState: [],
      reducer: Reducer<[Step], Step, Void> { state, action, _ in
        state.append(action)
        guard case .start(let n) = action else { return .none }
        let work = Effect<Step>.run { send in
          overlap.enter()
          defer { overlap.leave() }
          if n == 0 { await gate.wait() }
          await send(.finished(n))
        }
        guard n == 0 else { return work.cancellable(id: OuterID(), cancelInFlight: true) }
        return .merge(work, .run { _ in }.cancellable(id: OuterID(), cancelInFlight: true))
          .cancellable(id: OuterID())
      }, environment: ())
    store.send(.start(0))
    // The nested restart ended; the enclosing effect waits for its gate.
    #expect(await eventually { await store.runningEffectCount == 1 && overlap.maxActive == 1 })
    store.send(.start(1))
    _ = await eventually { await store.effects.waitingRestarts.count == 1 || overlap.maxActive > 1 }
    #expect(store.effects.waitingRestarts.count == 1)
    gate.open()
    #expect(await eventually { await store.runningEffectCount == 0 })
    #expect(overlap.maxActive == 1)
    #expect(store.state == [.start(0), .start(1), .finished(1)])
    #expect(store.registeredIDCount == 0)
  }
}
