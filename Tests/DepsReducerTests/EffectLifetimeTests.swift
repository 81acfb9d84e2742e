import DepsCore
import DepsReducer
import Observation
import Testing

private struct SearchID: Hashable, Sendable {}

enum LifetimeStep: Equatable, Sendable {
  case start(Int)
  case finished(Int)
  case stop
  case failing
  case caught(String)
  case chain(Int)
  case cancelSelf
  case log(String)
}

struct LifetimeFailure: Error {}

/// What effects saw while they ran: how many ran at once, and what they sent.
private final class Probe: Sendable {
  let state = Locked((active: 0, maxActive: 0, events: [String]()))

  func enter() {
    state.withLock {
      $0.active += 1
      $0.maxActive = max($0.maxActive, $0.active)
    }
  }

  func leave() { state.withLock { $0.active -= 1 } }
  func record(_ event: String) { state.withLock { $0.events.append(event) } }
  var maxActive: Int { state.withLock { $0.maxActive } }
  var events: [String] { state.withLock { $0.events } }
}

private func reducer(_ probe: Probe, yields: Int = 1) -> Reducer<[LifetimeStep], LifetimeStep, Void> {
  Reducer { state, action, _ in
    state.append(action)
    switch action {
    case .start(let n):
      return .run { send in
        probe.enter()
        defer { probe.leave() }
        // Not checking cancellation on purpose: the runtime must keep the old one's sends out.
        for _ in 0..<yields { await Task.yield() }
        await send(.finished(n))
      }
      .cancellable(id: SearchID(), cancelInFlight: true)
    case .stop:
      return .cancel(id: SearchID())
    case .failing:
      return .run { _ in throw LifetimeFailure() }
    case .caught:
      return .run { _ in
        throw LifetimeFailure()
      } catch: { error, send in
        await send(.log("caught \(error)"))
      }
    case .chain(let n):
      return n == 0 ? .none : .run { send in await send(.chain(n - 1)) }
    case .cancelSelf:
      return .run { send in
        await send(.stop)
        probe.record("after self-cancel")
      }
      .cancellable(id: SearchID())
    case .finished, .log:
      return .none
    }
  }
}

@MainActor @Suite struct EffectLifetimeTests {
  @Test func cancelInFlightNeverRunsTwoAtOnceNorCancelsTheNewOne() async {
    for round in 0..<200 {
      let probe = Probe()
      let store = Store(initialState: [], reducer: reducer(probe, yields: round % 4), environment: ())
      let first = store.send(.start(1))
      // Both orders: the second starts before, or after, the first got to run.
      if round % 2 == 0 { await Task.yield() }
      let second = store.send(.start(2))
      await first.finish()
      await second.finish()
      #expect(probe.maxActive <= 1)
      // The first may finish only before the second started; the second always finishes.
      let finishedFirst = store.state.firstIndex(of: .finished(1))
      let startedSecond = store.state.firstIndex(of: .start(2))
      #expect(finishedFirst.map { $0 < startedSecond! } ?? true)
      #expect(store.state.last == .finished(2))
      #expect(store.runningEffectCount == 0)
    }
  }

  @Test func cancelledEffectSendsNothing() async {
    for _ in 0..<100 {
      let probe = Probe()
      let store = Store(initialState: [], reducer: reducer(probe, yields: 2), environment: ())
      let task = store.send(.start(1))
      store.send(.stop)
      await task.finish()
      #expect(store.state == [.start(1), .stop])
    }
  }

  @Test func idsAreScopedToTheStore() async {
    let probe = Probe()
    let one = Store(initialState: [], reducer: reducer(probe, yields: 2), environment: ())
    let two = Store(initialState: [], reducer: reducer(probe, yields: 2), environment: ())
    let task = one.send(.start(1))
    two.send(.stop)
    await task.finish()
    #expect(one.state == [.start(1), .finished(1)])
  }

  @Test func unknownIDIsANoOp() async {
    let store = Store(initialState: [], reducer: reducer(Probe()), environment: ())
    await store.send(.stop).finish()
    #expect(store.state == [.stop])
  }

  @Test func cancellingFromInsideTheEffectDoesNotDeadlock() async {
    let probe = Probe()
    let store = Store(initialState: [], reducer: reducer(probe), environment: ())
    await store.send(.cancelSelf).finish()
    #expect(store.state == [.cancelSelf, .stop])
    #expect(probe.events == ["after self-cancel"])
  }

  @Test func thousandsOfEffectsLeaveNothingBehind() async {
    let store = Store(initialState: [], reducer: reducer(Probe()), environment: ())
    var tasks: [StoreTask] = []
    for n in 0..<2_000 {
      tasks.append(store.send(.start(n)))
      if n % 3 == 0 { store.send(.stop) }
    }
    for task in tasks { await task.finish() }
    #expect(store.runningEffectCount == 0)
  }

  @Test func uncaughtErrorWarnsNamingTheAction() async {
    let store = Store(initialState: [], reducer: reducer(Probe()), environment: ())
    let (_, warnings) = await RuntimeWarnings.recording {
      await store.send(.failing).finish()
    }
    #expect(
      warnings == [
        """
        An effect threw an error that nothing caught.

          Action: LifetimeStep.failing
          Error: LifetimeFailure()

        An error thrown from Effect.run(operation:) ends the effect and is lost. To fix: pass \
        run(operation:catch:) a catch closure that sends an action for the error, or catch it \
        inside the operation.
        """
      ])
  }

  @Test func catchTurnsTheErrorIntoActions() async {
    let store = Store(initialState: [], reducer: reducer(Probe()), environment: ())
    let (_, warnings) = await RuntimeWarnings.recording {
      await store.send(.caught("")).finish()
    }
    #expect(warnings == [])
    #expect(store.state == [.caught(""), .log("caught LifetimeFailure()")])
  }

  @Test func storeTaskCoversEveryActionItsEffectsSend() async {
    let store = Store(initialState: [], reducer: reducer(Probe()), environment: ())
    let task = store.send(.chain(3))
    #expect(!task.isCancelled)
    await task.finish()
    #expect(store.state == [.chain(3), .chain(2), .chain(1), .chain(0)])
    #expect(task == task)
    #expect(task != store.send(.chain(0)))
  }

  @Test func cancellingAStoreTaskStopsItsEffects() async {
    let store = Store(initialState: [], reducer: reducer(Probe(), yields: 2), environment: ())
    let task = store.send(.start(1))
    task.cancel()
    #expect(task.isCancelled)
    await task.finish()
    #expect(store.state == [.start(1)])
  }

  @Test func concatenateRunsOneAfterAnother() async {
    let probe = Probe()
    let effect = Effect<Int>.concatenate(
      .run { send in
        probe.record("first started")
        await Task.yield()
        probe.record("first ended")
        await send(1)
      },
      .none,
      .send(2),
      .run { send in
        probe.record("second started")
        await send(3)
      })
    #expect(await collectActions(effect) == [1, 2, 3])
    #expect(probe.events == ["first started", "first ended", "second started"])
    #expect(await collectActions(Effect<Int>.concatenate([])) == [])
  }

  @Test func concatenatedSendsBeforeTheFirstRunAreHandledBeforeSendReturns() async {
    enum Step: Equatable, Sendable { case start, a, b, c, d }
    let store = Store(
      initialState: [Step](),
      reducer: Reducer<[Step], Step, Void> { state, action, _ in
        state.append(action)
        guard action == .start else { return .none }
        return .concatenate(
          .send(.a), .send(.b),
          .run { send in
            await Task.yield()
            await send(.c)
          },
          .send(.d))
      },
      environment: ())
    let task = store.send(.start)
    // The leading sends are handled at once; `.d` waits for the run before it.
    #expect(store.state == [.start, .a, .b])
    await task.finish()
    #expect(store.state == [.start, .a, .b, .c, .d])
  }

  @Test(.timeLimit(.minutes(1)))
  func cancellingTheTaskThatWaitsForAStoreTaskCancelsItsEffects() async {
    let store = Store(
      initialState: [LifetimeStep](),
      reducer: Reducer<[LifetimeStep], LifetimeStep, Void> { state, action, _ in
        state.append(action)
        guard case .start(let n) = action else { return .none }
        return .run { send in
          try? await Task.sleep(for: .seconds(86_400))
          await send(.finished(n))
        }
      },
      environment: ())
    let storeTask = store.send(.start(1))
    let waiter = Task { await storeTask.finish() }
    waiter.cancel()
    await waiter.value
    // `finish` returned once the cancelled effect ended; its send was kept out.
    #expect(storeTask.isCancelled)
    #expect(store.runningEffectCount == 0)
    #expect(store.state == [.start(1)])
  }

  @Test func debounceRunsOnlyTheLastEffect() async {
    let store = Store(
      initialState: 0,
      reducer: Reducer<Int, Int, Void> { state, action, _ in
        state += action
        // The debounced action adds 100: it must arrive once, from the last send.
        if action == 100 { return .none }
        return Effect.send(100).debounce(id: SearchID(), for: .milliseconds(0), clock: ContinuousClock())
      }, environment: ())
    let tasks = (1...3).map { store.send($0) }
    for task in tasks { await task.finish() }
    #expect(store.state == 106)
  }

  @Test func releasingTheStoreCancelsEverything() async {
    let probe = Probe()
    weak var weakStore: Store<[LifetimeStep], LifetimeStep, Void>?
    var task: StoreTask?
    do {
      let store = Store(initialState: [], reducer: reducer(probe, yields: 50), environment: ())
      weakStore = store
      task = store.send(.start(1))
    }
    await task?.finish()
    #expect(weakStore == nil)
  }
}

@MainActor @Suite struct StoreTaskWithoutEffectsTests {
  @Test func aSendThatStartedNothingHasNothingToCancelOrAwait() async {
    let store = Store(initialState: [], reducer: reducer(Probe()), environment: ())
    let task = store.send(.log("nothing"))
    #expect(!task.isCancelled)
    task.cancel()
    // Nothing ran, so nothing was cancelled.
    #expect(!task.isCancelled)
    await task.finish()
    #expect(store.state == [.log("nothing")])
  }

  @Test func everySendIsItsOwnTask() {
    let store = Store(initialState: [], reducer: reducer(Probe()), environment: ())
    let first = store.send(.log("a"))
    let second = store.send(.log("a"))
    let copy = first
    #expect(first == copy)
    #expect(first != second)
    #expect(Set([first, second, copy]).count == 2)
    #expect(first.hashValue == copy.hashValue)
  }

  @Test func anEffectThatOnlyCancelsStartsNothingToAwait() async {
    let store = Store(initialState: [], reducer: reducer(Probe(), yields: 2), environment: ())
    let running = store.send(.start(1))
    let stop = store.send(.stop)
    await stop.finish()
    await running.finish()
    #expect(store.state == [.start(1), .stop])
    #expect(store.runningEffectCount == 0)
  }

  @Test func aSendQueuedBehindTheActionBeingHandledCoversItsEffects() async {
    // An observer sends while the store handles an action: that send waits its turn, and the task
    // it returned must still cover the effects its action starts later.
    let probe = Probe()
    let store = Store(initialState: [], reducer: reducer(probe), environment: ())
    var queued: StoreTask?
    withObservationTracking {
      _ = store.state
    } onChange: {
      MainActor.assumeIsolated { queued = store.send(.chain(2)) }
    }
    let first = store.send(.log("first"))
    #expect(store.state.prefix(2) == [.log("first"), .chain(2)])
    #expect(first != queued)
    await queued?.finish()
    #expect(store.state == [.log("first"), .chain(2), .chain(1), .chain(0)])
  }

  @Test func anEffectsSendsBelongToTheSendThatStartedIt() async {
    // `.send` effects of a handled-at-once action join its task; their effects are awaited.
    let store = Store(
      initialState: [],
      reducer: .combine(
        reducer(Probe()),
        Reducer { _, action, _ in action == .log("go") ? .send(.chain(2)) : .none }),
      environment: ())
    let task = store.send(.log("go"))
    await task.finish()
    #expect(store.state == [.log("go"), .chain(2), .chain(1), .chain(0)])
  }
}
