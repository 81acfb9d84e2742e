import DepsCore
import DepsReducer
import DepsTestSupport
import Testing

// The `StoreTask` a send returns: `finish()` waits for the effects of the action and of the actions
// they send; cancelling the task, or the task that awaits `finish()`, cancels them; an effect that
// ends leaves nothing running.
//
// Ported from The Composable Architecture 0.x (tags 0.39.0–0.47.2): the `testCancellableIsRemoved…`
// tests of `StoreTests.swift`, and `testAsyncSend` and `testAsyncSendCancellation` of
// `ViewStoreTests.swift` (`viewStore.send(_:)` returns a task in TCA; here `Store.send` returns a
// `StoreTask`).

@MainActor
@Suite(.tags(.portedFromTCA), .timeLimit(.minutes(1)))
struct StoreTaskTests {
  // StoreTests.testCancellableIsRemovedOnImmediatelyCompletingEffect
  @Test func cancellableIsRemovedOnImmediatelyCompletingEffect() async {
    let store = Store(
      initialState: (), reducer: Reducer<Void, Void, Void> { _, _, _ in .none }, environment: ())
    #expect(store.runningEffectCount == 0)
    let task = store.send(())
    #expect(store.runningEffectCount == 0)
    await task.finish()
    #expect(store.runningEffectCount == 0)
  }

  // StoreTests.testCancellableIsRemovedWhenEffectCompletes (TCA delays the effect on a test
  // scheduler; here it waits for a subject, which the test then sends to).
  @Test func cancellableIsRemovedWhenEffectCompletes() async {
    enum Action: Sendable { case start, end }
    let gate = TestSubject<Void>()
    let reducer = Reducer<Int, Action, Void> { state, action, _ in
      switch action {
      case .start:
        let opened = gate.stream()
        return .run { send in
          for await _ in opened { break }
          await send(.end)
        }
      case .end:
        state += 1
        return .none
      }
    }
    let store = Store(initialState: 0, reducer: reducer, environment: ())
    #expect(store.runningEffectCount == 0)
    let task = store.send(.start)
    #expect(store.runningEffectCount == 1)
    gate.send(())
    await task.finish()
    #expect(store.runningEffectCount == 0)
    #expect(store.state == 1)
  }

  // ViewStoreTests.testAsyncSend: `viewStore.send(_:)` returns a task in TCA; here `Store.send`
  // returns a StoreTask.
  @Test func asyncSend() async {
    enum Action: Sendable {
      case tap
      case response(Int)
    }
    let store = Store(
      initialState: 0,
      reducer: Reducer<Int, Action, Void> { state, action, _ in
        switch action {
        case .tap:
          return .run { send in await send(.response(42)) }
        case .response(let value):
          state = value
          return .none
        }
      },
      environment: ())
    #expect(store.state == 0)
    await store.send(.tap).finish()
    #expect(store.state == 42)
  }

  // ViewStoreTests.testAsyncSendCancellation (TCA sleeps a millisecond after the cancel; here the
  // cancelled task is waited for).
  @Test func asyncSendCancellation() async {
    enum Action: Sendable {
      case tap
      case response(Int)
    }
    let store = Store(
      initialState: 0,
      reducer: Reducer<Int, Action, Void> { state, action, _ in
        switch action {
        case .tap:
          return .run { send in
            try await Task.sleep(for: .seconds(1))
            await send(.response(42))
          }
        case .response(let value):
          state = value
          return .none
        }
      },
      environment: ())
    #expect(store.state == 0)
    let task = store.send(.tap)
    task.cancel()
    await task.finish()
    #expect(store.state == 0)
  }

  // No TCA test: TCA 0.47's `ViewStoreTask.finish()` awaits the effects' task's
  // `cancellableValue`, so cancelling the task that waits cancels the effects. Its docs build on
  // it: `.task { await viewStore.send(.task).finish() }` ends a long-living effect when the view
  // goes away. `StoreTask.finish()` does the same.
  @Test func cancellingTheTaskThatAwaitsFinishCancelsTheEffects() async {
    let store = Store(
      initialState: 0,
      reducer: Reducer<Int, Void, Void> { _, _, _ in
        .run { _ in try await Task.sleep(for: .seconds(86_400)) }
      },
      environment: ())
    let storeTask = store.send(())
    let waiter = Task { await storeTask.finish() }
    waiter.cancel()
    // Bounded: the effect ends within a few scheduler turns when cancellation reaches it.
    for _ in 0..<10_000 where store.runningEffectCount > 0 { await Task.yield() }
    #expect(store.runningEffectCount == 0)
    #expect(storeTask.isCancelled)
    await waiter.value
  }
}
