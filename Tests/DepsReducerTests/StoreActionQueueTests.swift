import DepsCore
import DepsReducer
import DepsTestSupport
import Observation
import Testing

// The order a store handles actions in: the actions that an action's effects send synchronously
// are handled before `send` returns, in order, however many; an action an observer sends while
// another is being handled waits for it; an observer is told once per send.
//
// Ported from The Composable Architecture 0.x (tags 0.39.0–0.47.2): `testSynchronousEffectsSent-
// AfterSinking`, `testLotsOfSynchronousActions`, `testCoalesceSynchronousActions` and
// `testBufferedActionProcessing` of `StoreTests.swift`, and a test derived from `TestStoreTests`'
// `testEffectConcatenation`.

@MainActor
@Suite(.tags(.portedFromTCA), .timeLimit(.minutes(1)))
struct StoreActionQueueTests {
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
}
