import DepsCore
import DepsReducer
import DepsTestSupport
import Foundation
import Testing

// Cancelling effects by id: `.cancel(id:)` and `cancelInFlight`, through a pullback, ids nested
// and shared, many cancels racing many effects, and a cancel racing an effect's sends. A cancelled
// effect sends nothing, and nothing of it is left registered.
//
// Ported from The Composable Architecture 0.x (tags 0.39.0–0.47.2): `EffectCancellationTests.swift`,
// and `testDoubleCancelInFlight` and `testCancellingTask_Infallible` of `EffectTests.swift`. TCA
// runs effects as Combine publishers it subscribes to directly; here each effect runs in a `Store`
// whose state records what it sent, a Combine subject becomes a `TestSubject` stream, and
// `Effect(value:)` / `.task` / `.fireAndForget` become `.send` / `.run`. The cancellation tests
// that need a clock are in DepsTestingTests/DelayedEffectCancellationTests.swift (this target does
// not link `TestClock`).

private struct CancelID: Hashable, Sendable {}

private enum SubjectAction: Equatable, Sendable {
  case start
  case value(Int)
  case cancel
}

/// `.start` forwards every value of a new `subject` stream; `.cancel` cancels it by id.
private func subjectReducer(
  _ subject: TestSubject<Int>, cancelInFlight: Bool = false, nested: Bool = false
) -> Reducer<[Int], SubjectAction, Void> {
  Reducer { state, action, _ in
    switch action {
    case .start:
      let values = subject.stream()
      let effect = Effect<SubjectAction>.run { send in
        for await value in values { await send(.value(value)) }
      }
      .cancellable(id: CancelID(), cancelInFlight: cancelInFlight)
      return nested ? effect.cancellable(id: CancelID(), cancelInFlight: cancelInFlight) : effect
    case .value(let value):
      state.append(value)
      return .none
    case .cancel:
      return .cancel(id: CancelID())
    }
  }
}

private let neverEnding: @Sendable () async throws -> Void = {
  try await Task.sleep(for: .seconds(86_400))
}

@MainActor
@Suite(.tags(.portedFromTCA), .timeLimit(.minutes(1)))
struct EffectCancellationTests {
  // EffectCancellationTests.testCancellation
  @Test func cancellation() async {
    let subject = TestSubject<Int>()
    let store = Store(initialState: [], reducer: subjectReducer(subject), environment: ())
    let task = store.send(.start)
    #expect(store.state == [])
    subject.send(1)
    await waitForState(store) { $0 == [1] }
    subject.send(2)
    await waitForState(store) { $0 == [1, 2] }
    store.send(.cancel)
    subject.send(3)
    await task.finish()
    #expect(store.state == [1, 2])
  }

  // EffectCancellationTests.testCancellation, with the effect and its cancel in a child feature
  // pulled back into a parent: `map`ping the effect into the parent's actions must keep it
  // cancellable by the child's id (TCA's ids are global, so its pullbacks never lose them).
  @Test func cancellationThroughAPullback() async {
    enum ParentAction: Equatable, Sendable { case child(SubjectAction) }
    let subject = TestSubject<Int>()
    let parentReducer = subjectReducer(subject).pullback(
      state: \[Int].self, action: /ParentAction.child, environment: { $0 })
    let store = Store(initialState: [], reducer: parentReducer, environment: ())
    let task = store.send(.child(.start))
    subject.send(1)
    await waitForState(store) { $0 == [1] }
    store.send(.child(.cancel))
    subject.send(2)
    await task.finish()
    #expect(store.state == [1])
  }

  // EffectCancellationTests.testCancelInFlight
  @Test func cancelInFlight() async {
    let subject = TestSubject<Int>()
    let store = Store(
      initialState: [], reducer: subjectReducer(subject, cancelInFlight: true), environment: ())
    let first = store.send(.start)
    subject.send(1)
    await waitForState(store) { $0 == [1] }
    subject.send(2)
    await waitForState(store) { $0 == [1, 2] }
    let second = store.send(.start)
    subject.send(3)
    await waitForState(store) { $0 == [1, 2, 3] }
    subject.send(4)
    await waitForState(store) { $0 == [1, 2, 3, 4] }
    subject.finish()
    await first.finish()
    await second.finish()
    #expect(store.state == [1, 2, 3, 4])
  }

  // EffectCancellationTests.testCancellablesCleanUp_OnComplete (TCA checks its global
  // `_cancellationCancellables`; here the store's running effects).
  @Test func cancellablesCleanUpOnComplete() async {
    let id = UUID()
    let store = recordingStore {
      .merge(
        Effect.send(1).cancellable(id: id),
        Effect.run { send in await send(2) }.cancellable(id: id))
    }
    await store.send(0).finish()
    #expect(store.state == [1, 2])
    #expect(store.runningEffectCount == 0)
  }

  // EffectCancellationTests.testCancellablesCleanUp_OnCancel
  @Test func cancellablesCleanUpOnCancel() async {
    let id = UUID()
    let store = Store(
      initialState: [],
      reducer: Reducer<[Int], Int, Void> { state, action, _ in
        switch action {
        case 0:
          return .run { send in
            try await neverEnding()
            await send(1)
          }
          .cancellable(id: id)
        case -1:
          return .cancel(id: id)
        default:
          state.append(action)
          return .none
        }
      },
      environment: ())
    let task = store.send(0)
    #expect(store.runningEffectCount == 1)
    store.send(-1)
    await task.finish()
    #expect(store.runningEffectCount == 0)
    #expect(store.state == [])
  }

  // EffectCancellationTests.testDoubleCancellation
  @Test func doubleCancellation() async {
    let subject = TestSubject<Int>()
    let store = Store(
      initialState: [], reducer: subjectReducer(subject, nested: true), environment: ())
    let task = store.send(.start)
    subject.send(1)
    await waitForState(store) { $0 == [1] }
    store.send(.cancel)
    subject.send(2)
    await task.finish()
    #expect(store.state == [1])
    #expect(store.runningEffectCount == 0)
  }

  // EffectCancellationTests.testCompleteBeforeCancellation
  @Test func completeBeforeCancellation() async {
    let subject = TestSubject<Int>()
    let store = Store(initialState: [], reducer: subjectReducer(subject), environment: ())
    let task = store.send(.start)
    subject.send(1)
    await waitForState(store) { $0 == [1] }
    subject.finish()
    await task.finish()
    #expect(store.state == [1])
    await store.send(.cancel).finish()
    #expect(store.state == [1])
    #expect(store.runningEffectCount == 0)
  }

  // EffectCancellationTests.testConcurrentCancels: 1,000 effects under 10 ids, each raced by a
  // cancel of its id after a random wait (TCA: random delays on random queues; here random
  // numbers of yields on the global executor). Nothing may be left registered, and every id must
  // still work afterwards.
  @Test func concurrentCancels() async {
    for _ in 0..<5 {
      let ids = (0..<10).map { _ in UUID() }
      let store = Store(
        initialState: [],
        reducer: Reducer<[Int], Int, Void> { state, action, _ in
          switch action {
          case 0:
            return .merge(
              (1...1_000).map { index -> Effect<Int> in
                let id = ids[index % 10]
                return .merge(
                  Effect.run { send in
                    for _ in 0..<Int.random(in: 0...20) { await Task.yield() }
                    await send(index)
                  }
                  .cancellable(id: id),
                  .concatenate(
                    .run { _ in for _ in 0..<Int.random(in: 0...20) { await Task.yield() } },
                    .cancel(id: id)
                  )
                )
              })
          case -1:
            // One new effect under every id: each must run to its end.
            return .merge(ids.map { id in Effect.run { send in await send(-2) }.cancellable(id: id) })
          default:
            state.append(action)
            return .none
          }
        },
        environment: ())
      await store.send(0).finish()
      #expect(store.runningEffectCount == 0)
      #expect(Set(store.state).count == store.state.count)
      await store.send(-1).finish()
      #expect(store.state.filter { $0 == -2 }.count == 10)
      #expect(store.runningEffectCount == 0)
    }
  }

  // EffectCancellationTests.testNestedCancels (TCA cancels the subscription; here the StoreTask)
  @Test func nestedCancels() async {
    let id = UUID()
    let store = recordingStore {
      var effect = Effect<Int>.run { _ in try await neverEnding() }.cancellable(id: 1)
      for _ in 1...1_000 {
        effect = effect.cancellable(id: id)
      }
      return effect
    }
    let task = store.send(0)
    task.cancel()
    await task.finish()
    #expect(store.runningEffectCount == 0)
  }

  // EffectCancellationTests.testNestedMergeCancellation (TCA: `(1...2).publisher`; here two
  // `.send`s, and the same with a `.run` that sends both)
  @Test func nestedMergeCancellation() async {
    let synchronous = recordingStore {
      Effect.merge(Effect.merge(.send(1), .send(2)).cancellable(id: 1)).cancellable(id: 2)
    }
    synchronous.send(0)
    #expect(synchronous.state == [1, 2])

    let asynchronous = recordingStore {
      Effect.merge(
        Effect.run { send in
          await send(1)
          await send(2)
        }
        .cancellable(id: 1)
      )
      .cancellable(id: 2)
    }
    await asynchronous.send(0).finish()
    #expect(asynchronous.state == [1, 2])
  }

  // Derived from EffectCancellationTests.testCancellation, raced: the cancel lands at a random
  // point of an effect that sends 1...50. Nothing sent after the cancel may get in, and what got
  // in came in order.
  @Test func cancelRacesSends() async {
    for round in 0..<200 {
      let store = Store(
        initialState: [],
        reducer: Reducer<[Int], Int, Void> { state, action, _ in
          switch action {
          case 0:
            return .run { send in
              for value in 1...50 { await send(value) }
            }
            .cancellable(id: CancelID())
          case -1:
            return .cancel(id: CancelID())
          default:
            state.append(action)
            return .none
          }
        },
        environment: ())
      let task = store.send(0)
      for _ in 0..<(round % 25) { await Task.yield() }
      let snapshot = store.state
      store.send(-1)
      await task.finish()
      #expect(store.state == snapshot)
      #expect(store.state == (0..<snapshot.count).map { $0 + 1 })
    }
  }

  // EffectTests.testDoubleCancelInFlight (TCA: `Just(42)`, a synchronous publisher; here
  // `.send(42)`). TCA delivers 42, and so does this: an effect that only sends and cancels is done
  // at once, never wrapped in a task its own `.cancel(id)` would cancel. (A `.run` variant is no
  // TCA fact: in TCA 0.47 the inner `withTaskCancellation` cancels the outer task, and whether the
  // value gets out is a race.)
  @Test func doubleCancelInFlight() async {
    let store = recordingStore {
      Effect.send(42)
        .cancellable(id: "id", cancelInFlight: true)
        .cancellable(id: "id", cancelInFlight: true)
    }
    await store.send(0).finish()
    #expect(store.state == [42])
  }

  // EffectTests.testCancellingTask_Infallible: the effect swallows its cancellation and sends
  // anyway; a cancelled effect's send sends nothing. (Here an effect cancelled before its task
  // started does not run at all; TCA's test does not check whether the work ran.)
  @Test func cancellingTaskInfallible() async {
    let store = recordingStore {
      .run { send in
        do {
          try await neverEnding()
          Issue.record("the sleep was not cancelled")
        } catch {}
        await send(42)
      }
    }
    let task = store.send(0)
    task.cancel()
    await task.finish()
    #expect(store.state == [])
    // Cancelled once it runs: the sleep throws, the send after it sends nothing.
    let running = store.send(0)
    await Task.yield()
    running.cancel()
    await running.finish()
    #expect(store.state == [])
  }
}
