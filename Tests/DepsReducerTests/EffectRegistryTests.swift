import DepsCore
import DepsReducer
import Testing

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
}
