import DepsCore
import DepsReducer
import Observation
import Testing

// Ports of The Composable Architecture 0.x tests (tags 0.39.0–0.47.2) of `Store`, scoping and
// reducers to this library's API: `Tests/ComposableArchitectureTests/StoreTests.swift`,
// `MemoryManagementTests.swift` and `ReducerTests.swift`. The facts TCA checks carry over; the
// code is this library's (`.send` for `Effect(value:)`, `.run` for `.task`/`.fireAndForget`, key
// path scopes, `StoreTask.finish()` and `states` instead of Combine sinks and schedulers). Tests
// of a TestStore are in `DepsTestingTests/TCAParityTestStoreTests.swift`, tests that need a
// `TestClock` in `DepsTestingTests/TCAParityEffectClockTests.swift`.

/// A stand-in for Combine's `PassthroughSubject`: every stream made with ``stream()`` gets every
/// value sent after it was made (buffered until read), and ends with ``finish()``.
final class ParitySubject<Value: Sendable>: Sendable {
  private let continuations = Locked<(next: Int, all: [Int: AsyncStream<Value>.Continuation])>(
    (0, [:]))

  /// A new subscriber. Make it synchronously (in the reducer) so that no value sent after the
  /// action is missed, as with a Combine subscription.
  func stream() -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream<Value>.makeStream()
    let id = continuations.withLock { state in
      state.next += 1
      state.all[state.next] = continuation
      return state.next
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.continuations.withLock { $0.all.removeValue(forKey: id) }
    }
    return stream
  }

  func send(_ value: Value) {
    for continuation in continuations.withLock({ Array($0.all.values) }) {
      continuation.yield(value)
    }
  }

  func finish() {
    for continuation in continuations.withLock({ Array($0.all.values) }) { continuation.finish() }
  }

  var subscriberCount: Int { continuations.withLock { $0.all.count } }
}

/// Waits until the store's state satisfies `predicate` (the suites' time limit ends a wait that
/// never does). For effects that do not end, where `StoreTask.finish()` cannot be used.
@MainActor func waitForState<State: Sendable, Action, Environment>(
  _ store: Store<State, Action, Environment>, _ predicate: (State) -> Bool
) async {
  if predicate(store.state) { return }
  for await state in store.states where predicate(state) { return }
}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TCAParityStoreTests {
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
    let gate = ParitySubject<Void>()
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

  // StoreTests.testScopedStoreReceivesUpdatesFromParent (TCA scopes with `String.init`; here the
  // key path `\Int.description`, and `states` instead of a Combine sink).
  @Test func scopedStoreReceivesUpdatesFromParent() async {
    let parent = Store(
      initialState: 0,
      reducer: Reducer<Int, Void, Void> { state, _, _ in
        state += 1
        return .none
      }, environment: ())
    let child = parent.scope(state: \.description, action: /.self)
    var values: [String] = []
    var states = child.states.makeAsyncIterator()
    values.append(await states.next()!)
    #expect(values == ["0"])
    let changed = Locked(false)
    withObservationTracking {
      _ = child.state
    } onChange: {
      changed.withLock { $0 = true }
    }
    parent.send(())
    values.append(await states.next()!)
    #expect(values == ["0", "1"])
    #expect(child.state == "1")
    #expect(changed.withLock { $0 })
  }

  // StoreTests.testParentStoreReceivesUpdatesFromChild
  @Test func parentStoreReceivesUpdatesFromChild() async {
    let parent = Store(
      initialState: 0,
      reducer: Reducer<Int, Void, Void> { state, _, _ in
        state += 1
        return .none
      }, environment: ())
    let child = parent.scope(state: \.description, action: /.self)
    var values: [Int] = []
    var states = parent.states.makeAsyncIterator()
    values.append(await states.next()!)
    #expect(values == [0])
    child.send(())
    values.append(await states.next()!)
    #expect(values == [0, 1])
  }

  // StoreTests.testScopeCallCount2, without the call counts: a scope here is a key path, not a
  // closure, so how often it is evaluated cannot be counted. What stays: a chain of three scopes
  // sees every action sent through its deepest store, at every level.
  @Test func scopeChainSeesEverySendAtEveryLevel() {
    let store1 = Store(
      initialState: 0,
      reducer: Reducer<Int, Void, Void> { state, _, _ in
        state += 1
        return .none
      }, environment: ())
    let store2 = store1.scope(state: \.self, action: /.self)
    let store3 = store2.scope(state: \.self, action: /.self)
    let store4 = store3.scope(state: \.self, action: /.self)
    for count in 1...4 {
      store4.send(())
      #expect([store1.state, store2.state, store3.state, store4.state] == Array(repeating: count, count: 4))
    }
  }

  // StoreTests.testSynchronousEffectsSentAfterSinking. TCA's `fireAndForget { values.append(n) }`
  // runs synchronously, so its values come out [1, 2, 3, 4]. Here `.run` is a task (documented:
  // effects are Swift concurrency tasks), so the order of the side effects is not asserted: the
  // actions, handled synchronously in TCA's order, are; and every side effect ran.
  @Test func synchronousEffectsSentAfterSinking() async {
    enum Action: Sendable { case tap, next1, next2, end }
    let values = Locked<[Int]>([])
    let reducer = Reducer<[Action], Action, Void> { state, action, _ in
      state.append(action)
      switch action {
      case .tap:
        return .merge(
          .send(.next1),
          .send(.next2),
          .run { _ in values.withLock { $0.append(1) } }
        )
      case .next1:
        return .merge(
          .send(.end),
          .run { _ in values.withLock { $0.append(2) } }
        )
      case .next2:
        return .run { _ in values.withLock { $0.append(3) } }
      case .end:
        return .run { _ in values.withLock { $0.append(4) } }
      }
    }
    let store = Store(initialState: [], reducer: reducer, environment: ())
    let task = store.send(.tap)
    #expect(store.state == [.tap, .next1, .next2, .end])
    await task.finish()
    #expect(values.withLock { $0 }.sorted() == [1, 2, 3, 4])
  }

  // Derived from TestStoreTests.testEffectConcatenation, where `.b1` returns
  // `concatenate(Effect(value: .b2), Effect(value: .b3))` and TCA handles `.b2` and `.b3` before
  // the next action: a concatenation of synchronous effects is synchronous, like a merge.
  @Test func concatenationOfSendsIsHandledBeforeSendReturns() async {
    enum Action: Equatable, Sendable { case start, first, second }
    let reducer = Reducer<[Action], Action, Void> { state, action, _ in
      state.append(action)
      return action == .start ? .concatenate(.send(.first), .send(.second)) : .none
    }
    let store = Store(initialState: [], reducer: reducer, environment: ())
    let task = store.send(.start)
    #expect(store.state == [.start, .first, .second])
    await task.finish()
    #expect(store.state == [.start, .first, .second])
  }

  // StoreTests.testLotsOfSynchronousActions
  @Test func lotsOfSynchronousActions() {
    enum Action: Sendable { case incr, noop }
    let reducer = Reducer<Int, Action, Void> { state, action, _ in
      switch action {
      case .incr:
        state += 1
        return state >= 100_000 ? .send(.noop) : .send(.incr)
      case .noop:
        return .none
      }
    }
    let store = Store(initialState: 0, reducer: reducer, environment: ())
    store.send(.incr)
    #expect(store.state == 100_000)
  }

  // StoreTests.testIfLetAfterScope (TCA's `ifLet` publisher; here `scope` of an optional state,
  // which is nil while the state is nil, asked after every send).
  @Test func ifLetAfterScope() {
    struct AppState { var count: Int? }
    let reducer = Reducer<AppState, Int?, Void> { state, action, _ in
      state.count = action
      return .none
    }
    let parentStore = Store(initialState: AppState(), reducer: reducer, environment: ())
    var outputs: [Int?] = []
    func scopeIfLet() {
      let child: Store<Int, Int?, Void>? = parentStore.scope(state: \.count, action: /.self)
      outputs.append(child?.state)
    }
    scopeIfLet()
    #expect(outputs == [nil])
    parentStore.send(1)
    scopeIfLet()
    #expect(outputs == [nil, 1])
    parentStore.send(nil)
    scopeIfLet()
    #expect(outputs == [nil, 1, nil])
    parentStore.send(1)
    scopeIfLet()
    #expect(outputs == [nil, 1, nil, 1])
    parentStore.send(nil)
    scopeIfLet()
    #expect(outputs == [nil, 1, nil, 1, nil])
    parentStore.send(1)
    scopeIfLet()
    #expect(outputs == [nil, 1, nil, 1, nil, 1])
    parentStore.send(nil)
    scopeIfLet()
    #expect(outputs == [nil, 1, nil, 1, nil, 1, nil])
  }

  // StoreTests.testIfLetTwo (TCA waits 0.1 s after each send; here the send's StoreTask).
  @Test func ifLetTwo() async {
    let reducer = Reducer<Int?, Bool, Void> { state, action, _ in
      if action {
        state? += 1
        return .none
      } else {
        return .run { send in await send(true) }
      }
    }
    let parentStore = Store(initialState: 0, reducer: reducer, environment: ())
    let childStore: Store<Int, Bool, Void>? = parentStore.scope(state: \.self, action: /.self)
    guard let childStore else {
      Issue.record("scope of a non-nil optional state returned nil")
      return
    }
    await childStore.send(false).finish()
    await childStore.send(false).finish()
    await childStore.send(false).finish()
    #expect(childStore.state == 3)
    #expect(parentStore.state == 3)
  }

  // StoreTests.testCoalesceSynchronousActions. TCA's view store publishes [0, 3]: the actions an
  // action sends synchronously are coalesced into one emission. Here `states` is documented to
  // yield "the current state first, then the state after every action" (Docs/ObservingAStore.md),
  // so it yields every step; what matches TCA is that Observation tells an observer once, and
  // that the state a reader sees after the send is the final one.
  @Test func coalesceSynchronousActions() async {
    let reducer = Reducer<Int, Int, Void> { state, action, _ in
      switch action {
      case 0:
        return .merge(.send(1), .send(2), .send(3))
      default:
        state = action
        return .none
      }
    }
    let store = Store(initialState: 0, reducer: reducer, environment: ())
    let notifications = Locked(0)
    withObservationTracking {
      _ = store.state
    } onChange: {
      notifications.withLock { $0 += 1 }
    }
    var emissions: [Int] = []
    var states = store.states.makeAsyncIterator()
    emissions.append(await states.next()!)
    #expect(emissions == [0])
    store.send(0)
    #expect(store.state == 3)
    #expect(notifications.withLock { $0 } == 1)
    for _ in 0..<4 { emissions.append(await states.next()!) }
    #expect(emissions == [0, 0, 1, 2, 3])
  }

  // StoreTests.testBufferedActionProcessing. In TCA an `ifLet` observer sends a child action while
  // the parent is still handling `.button`; the store buffers it and handles it after. Here the
  // observer is an Observation `onChange`, which runs while the reducer changes the state: its
  // send must wait for `.button` to end, then reach the child reducer with the child present.
  @Test func bufferedActionProcessing() {
    struct ChildState: Equatable { var count: Int? }
    struct ParentState: Equatable {
      var count: Int?
      var child: ChildState?
    }
    enum ParentAction: Equatable, Sendable {
      case button
      case child(Int?)
    }
    let childReducer = Reducer<ChildState, Int?, Void> { state, action, _ in
      state.count = action
      return .none
    }
    let handledActions = Locked<[ParentAction]>([])
    let parentReducer = Reducer<ParentState, ParentAction, Void>.combine(
      childReducer.optional().pullback(state: \.child, action: /ParentAction.child, environment: { _ in }),
      Reducer { state, action, _ in
        handledActions.withLock { $0.append(action) }
        switch action {
        case .button:
          state.child = ChildState(count: nil)
          return .none
        case .child(let childCount):
          state.count = childCount
          return .none
        }
      }
    )
    let parentStore = Store(initialState: ParentState(), reducer: parentReducer, environment: ())
    withObservationTracking {
      _ = parentStore.state.child
    } onChange: {
      MainActor.assumeIsolated { _ = parentStore.send(.child(2)) }
    }
    #expect(handledActions.withLock { $0 } == [])
    parentStore.send(.button)
    #expect(handledActions.withLock { $0 } == [.button, .child(2)])
    #expect(parentStore.state == ParentState(count: 2, child: ChildState(count: 2)))
  }

  // StoreTests.testScopeCancellation
  @Test func scopeCancellation() async {
    let neverEndingTask = Task<Void, any Error> { try await Task.sleep(for: .seconds(86_400)) }
    let store = Store(
      initialState: (),
      reducer: Reducer<Void, Void, Void> { _, _, _ in
        .run { _ in try await neverEndingTask.value }
      },
      environment: ())
    let scopedStore = store.scope(state: \.self, action: /.self)
    let sendTask = scopedStore.send(())
    await Task.yield()
    neverEndingTask.cancel()
    await sendTask.finish()
    #expect(store.runningEffectCount == 0)
    #expect(scopedStore.runningEffectCount == 0)
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

  // MemoryManagementTests.testOwnership_ScopeHoldsOntoParent (TCA scopes Int -> String -> Int;
  // here two identity key paths).
  @Test func ownershipScopeHoldsOntoParent() {
    let counterReducer = Reducer<Int, Void, Void> { state, _, _ in
      state += 1
      return .none
    }
    let store = Store(initialState: 0, reducer: counterReducer, environment: ())
      .scope(state: \.self, action: /.self)
      .scope(state: \.self, action: /.self)
    #expect(store.state == 0)
    store.send(())
    #expect(store.state == 1)
  }

  // MemoryManagementTests.testEffectWithMultipleScopes (TCA waits on an expectation the effect
  // fulfils; here the StoreTask, which covers the effects of the actions the effects send).
  @Test func effectWithMultipleScopes() async {
    enum Action: Sendable { case tap, response }
    let fulfilled = Locked(false)
    let reducer = Reducer<Bool, Action, Void> { state, action, _ in
      switch action {
      case .tap:
        state = false
        return .run { send in await send(.response) }
      case .response:
        state = true
        return .run { _ in fulfilled.withLock { $0 = true } }
      }
    }
    let store = Store(initialState: false, reducer: reducer, environment: ())
    let scoped = store.scope(state: \.self, action: /.self).scope(state: \.self, action: /.self)
    #expect(scoped.state == false)
    await scoped.send(.tap).finish()
    #expect(fulfilled.withLock { $0 })
    #expect(scoped.state == true)
  }

  // ReducerTests.testCallableAsFunction
  @Test func callableAsFunction() {
    let reducer = Reducer<Int, Void, Void> { state, _, _ in
      state += 1
      return .none
    }
    var state = 0
    _ = reducer.run(&state, (), ())
    #expect(state == 1)
  }
}
