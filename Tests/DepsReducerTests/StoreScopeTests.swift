import DepsCore
import DepsReducer
import DepsTestSupport
import Observation
import Testing

// Scoped stores: a scope follows its parent and sends through it, at any depth; a scope of an
// optional state is nil while the state is; a scope keeps its parent alive; the effects an action
// sent through a scope starts are the parent's, and end as the parent's do.
//
// Ported from The Composable Architecture 0.x (tags 0.39.0–0.47.2): the scope tests of
// `StoreTests.swift` and `MemoryManagementTests.swift`. TCA scopes with closures and observes with
// Combine sinks; here scopes are key paths and `states` yields what a sink would see.

@MainActor
@Suite(.tags(.portedFromTCA), .timeLimit(.minutes(1)))
struct StoreScopeTests {
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
}
