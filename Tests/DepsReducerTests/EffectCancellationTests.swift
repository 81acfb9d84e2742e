import DepsCore
import DepsReducer
import Foundation
import Testing

// Ports of The Composable Architecture 0.x effect tests (tags 0.39.0–0.47.2) to this library's
// API: `EffectCancellationTests.swift`, `EffectTests.swift`, `EffectOperationTests.swift` and
// `EffectFailureTests.swift`. TCA runs effects as Combine publishers it subscribes to directly;
// here an effect runs only in a store, so each test runs its effect in a `Store` whose state
// records what the effect sent. Combine subjects become `ParitySubject` streams, and
// `Effect(value:)` / `.task` / `.fireAndForget` become `.send` / `.run`. Tests that need a
// scheduler's time are in `DepsTestingTests/TCAParityEffectClockTests.swift` (this target does
// not link `TestClock`).

private struct CancelID: Hashable, Sendable {}

private enum SubjectAction: Equatable, Sendable {
  case start
  case value(Int)
  case cancel
}

/// `.start` forwards every value of a new `subject` stream; `.cancel` cancels it by id.
private func subjectReducer(
  _ subject: ParitySubject<Int>, cancelInFlight: Bool = false, nested: Bool = false
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

/// A store whose action `0` returns `effect` and whose other actions are appended to the state.
@MainActor private func recordingStore(
  _ effect: @escaping @Sendable () -> Effect<Int>
) -> Store<[Int], Int, Void> {
  Store(
    initialState: [],
    reducer: Reducer { state, action, _ in
      if action == 0 { return effect() }
      state.append(action)
      return .none
    },
    environment: ())
}

private struct ParityUnexpected: Error {}

private enum FailureAction: Equatable, Sendable {
  case tapped
}

private let neverEnding: @Sendable () async throws -> Void = {
  try await Task.sleep(for: .seconds(86_400))
}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TCAParityEffectTests {
  // MARK: EffectCancellationTests

  // EffectCancellationTests.testCancellation
  @Test func cancellation() async {
    let subject = ParitySubject<Int>()
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
    let subject = ParitySubject<Int>()
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
    let subject = ParitySubject<Int>()
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
    let subject = ParitySubject<Int>()
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
    let subject = ParitySubject<Int>()
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

  // MARK: EffectTests

  // EffectTests.testCatchToEffect: `.catchToEffect()` becomes `.run(operation:catch:)`.
  @Test func catchToEffect() async {
    struct Failure: Error, Equatable {}
    enum Action: Equatable, Sendable {
      case load(fails: Bool)
      case response(Result<Int, Failure>)
    }
    let reducer = Reducer<[Result<Int, Failure>], Action, Void> { state, action, _ in
      switch action {
      case .load(let fails):
        return .run { send in
          if fails { throw Failure() }
          await send(.response(.success(42)))
        } catch: { error, send in
          await send(.response(.failure(error as? Failure ?? Failure())))
        }
      case .response(let result):
        state.append(result)
        return .none
      }
    }
    let store = Store(initialState: [], reducer: reducer, environment: ())
    await store.send(.load(fails: false)).finish()
    #expect(store.state == [.success(42)])
    await store.send(.load(fails: true)).finish()
    #expect(store.state == [.success(42), .failure(Failure())])
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

  // EffectTests.testTask: `.task { 42 }` becomes `.run { send in await send(42) }`.
  @Test func task() async {
    let store = recordingStore { .run { send in await send(42) } }
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

  // MARK: EffectOperationTests (TCA inspects its internal `operation`; here what a store runs)

  // EffectOperationTests.testMergeDiscardsNones
  @Test func mergeDiscardsNones() async {
    let nones = recordingStore { .merge(.none, .none) }
    let task = nones.send(0)
    #expect(nones.runningEffectCount == 0)
    await task.finish()

    let runThenNone = recordingStore { .merge(.run { await $0(42) }, .none) }
    await runThenNone.send(0).finish()
    #expect(runThenNone.state == [42])

    let noneThenRun = recordingStore { .merge(.none, .run { await $0(42) }) }
    await noneThenRun.send(0).finish()
    #expect(noneThenRun.state == [42])
  }

  // EffectOperationTests.testConcatenateDiscardsNones
  @Test func concatenateDiscardsNones() async {
    let nones = recordingStore { .concatenate(.none, .none) }
    let task = nones.send(0)
    #expect(nones.runningEffectCount == 0)
    await task.finish()

    let runThenNone = recordingStore { .concatenate(.run { await $0(42) }, .none) }
    await runThenNone.send(0).finish()
    #expect(runThenNone.state == [42])

    let noneThenRun = recordingStore { .concatenate(.none, .run { await $0(42) }) }
    await noneThenRun.send(0).finish()
    #expect(noneThenRun.state == [42])
  }

  // EffectOperationTests.testConcatenateFuses
  @Test func concatenateFuses() async {
    let store = recordingStore {
      .concatenate(.run { await $0(42) }, .run { await $0(1729) })
    }
    await store.send(0).finish()
    #expect(store.state == [42, 1729])
  }

  // EffectOperationTests.testMap
  @Test func map() async {
    let store = Store(
      initialState: [String](),
      reducer: Reducer<[String], String, Void> { state, action, _ in
        if action == "start" {
          return Effect<Int>.run { await $0(42) }.map { "\($0)" }
        }
        state.append(action)
        return .none
      },
      environment: ())
    await store.send("start").finish()
    #expect(store.state == ["42"])
  }

  // MARK: EffectFailureTests

  // EffectFailureTests.testRunUnexpectedThrows and .testTaskUnexpectedThrows (`.task` is `.run`
  // here). TCA fails the test with 'An "EffectTask.run" returned from "<file>:<line>" threw an
  // unhandled error. …'; the text here is the one Docs/Effects.md documents.
  @Test func runUnexpectedThrows() async {
    let store = Store(
      initialState: 0,
      reducer: Reducer<Int, FailureAction, Void> { _, _, _ in
        .run { _ in throw ParityUnexpected() }
      },
      environment: ())
    let texts = Locked<[String]>([])
    await withKnownIssue {
      await store.send(.tapped).finish()
    } matching: { issue in
      texts.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
      return true
    }
    #expect(
      texts.withLock { $0 } == [
        """
        An effect threw an error that nothing caught.

          Action: FailureAction.tapped
          Error: ParityUnexpected()

        An error thrown from Effect.run(operation:) ends the effect and is lost. To fix: pass \
        run(operation:catch:) a catch closure that sends an action for the error, or catch it \
        inside the operation.
        """
      ])
  }
}
