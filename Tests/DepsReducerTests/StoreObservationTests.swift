import DepsCore
import DepsReducer
import Observation
import Testing

private struct TickID: Hashable, Sendable {}

@MainActor @Suite struct StoreObservationTests {
  private func appStore(_ state: AppState = AppState()) -> Store<AppState, AppAction, AppEnvironment> {
    Store(initialState: state, reducer: appReducer, environment: AppEnvironment())
  }

  /// A store whose optional counter (at 3) goes away on `.logged("dismiss")`.
  private func dismissibleStore() -> Store<AppState, AppAction, AppEnvironment> {
    var state = AppState()
    state.optionalCounter = CounterState(count: 3)
    return Store(
      initialState: state,
      reducer: .combine(
        appReducer,
        Reducer { state, action, _ in
          if case .logged("dismiss") = action { state.optionalCounter = nil }
          return .none
        }),
      environment: AppEnvironment())
  }

  @Test func observationTrackingFiresWhenTheStateChanges() {
    let store = appStore()
    let fired = Locked(0)
    withObservationTracking {
      _ = store.state.counter.count
    } onChange: {
      fired.withLock { $0 += 1 }
    }
    store.send(.counter(.increment))
    #expect(fired.withLock { $0 } == 1)
  }

  @Test func aScopedStoreFollowsItsParentAndSendsThroughIt() {
    let store = appStore()
    let counter = store.scope(state: \.counter, action: /AppAction.counter)
    counter.send(.increment)
    #expect(store.state.counter.count == 10)
    #expect(counter.state.count == 10)
    store.send(.counter(.add(5)))
    #expect(counter.state.count == 15)
    // Observing the child store sees changes made through the parent.
    let fired = Locked(false)
    withObservationTracking {
      _ = counter.state
    } onChange: {
      fired.withLock { $0 = true }
    }
    store.send(.counter(.increment))
    #expect(fired.withLock { $0 })
  }

  @Test func scopesNestFourLevels() {
    let store = appStore()
    let level1 = store.scope(state: \.self, action: /.self)
    let level2 = level1.scope(state: \.self, action: /.self)
    let level3 = level2.scope(state: \.counter, action: /AppAction.counter)
    let level4 = level3.scope(state: \.self, action: /.self)
    level4.send(.add(2))
    #expect(store.state.counter.count == 2)
    #expect(level4.state.count == 2)
  }

  @Test func anOptionalScopeIsNilWhileTheStateIsNil() {
    let store = appStore()
    #expect(store.scope(state: \.optionalCounter, action: /AppAction.optionalCounter) == nil)
    var state = AppState()
    state.optionalCounter = CounterState()
    let presented = appStore(state)
    let child = presented.scope(state: \.optionalCounter, action: /AppAction.optionalCounter)
    child?.send(.increment)
    #expect(presented.state.optionalCounter?.count == 10)
    #expect(
      appStore(state).scope(state: \.screen, action: /.self)
        .scope(state: /Screen.counter, action: /AppAction.screen) == nil)
  }

  @Test func sendingToAScopedStoreWhoseStateBecameNilWarnsAndDoesNotCrash() {
    let holder = dismissibleStore()
    let child = holder.scope(state: \.optionalCounter, action: /AppAction.optionalCounter)!
    holder.send(.logged("dismiss"))
    let (_, warnings) = RuntimeWarnings.recording { child.send(.increment) }
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix("An action was sent to optional state that is nil.") == true)
    // The child keeps the last state it saw.
    #expect(child.state.count == 3)
  }

  @Test func scopedStoresShareTheParentsCancellationIDs() async {
    let store = Store(
      initialState: 0,
      reducer: Reducer<Int, Int, Void> { state, action, _ in
        state += 1
        if action == 0 { return .cancel(id: TickID()) }
        return .run { send in
          while !Task.isCancelled { await Task.yield() }
        }
        .cancellable(id: TickID())
      }, environment: ())
    let child = store.scope(state: \.self, action: /.self)
    let task = child.send(1)
    store.send(0)
    await task.finish()
    #expect(store.runningEffectCount == 0)
  }

  @Test func statesFollowEveryAction() async {
    let store = appStore()
    var iterator = store.states.makeAsyncIterator()
    store.send(.counter(.increment))
    store.send(.counter(.increment))
    #expect(await iterator.next()?.counter.count == 0)
    #expect(await iterator.next()?.counter.count == 10)
    #expect(await iterator.next()?.counter.count == 20)
  }

  @Test func aScopedStoresStatesFollowTheParent() async {
    let store = appStore()
    let counter = store.scope(state: \.counter, action: /AppAction.counter)
    var iterator = counter.states.makeAsyncIterator()
    store.send(.counter(.increment))
    #expect(await iterator.next()?.count == 0)
    #expect(await iterator.next()?.count == 10)
  }

  @Test func aStoreReleasedWhileObservedEndsItsStatesAndEffects() async {
    weak var weakStore: Store<Int, Int, Void>?
    var states: AsyncStream<Int>?
    var task: StoreTask?
    do {
      let store = Store(
        initialState: 0,
        reducer: Reducer<Int, Int, Void> { state, _, _ in
          state += 1
          return .run { _ in try await Task.sleep(for: .seconds(60)) }
        }, environment: ())
      weakStore = store
      states = store.states
      task = store.send(1)
    }
    #expect(weakStore == nil)
    var seen: [Int] = []
    for await state in states! { seen.append(state) }
    #expect(seen == [0, 1])
    await task?.finish()
  }

  // MARK: Observation starts with the first observed read

  /// Observes `read` once; returns how many times the observer fired so far.
  private func observe(_ read: @escaping () -> Void) -> Locked<Int> {
    let fired = Locked(0)
    withObservationTracking(read) { fired.withLock { $0 += 1 } }
    return fired
  }

  @Test func anActionSentInsideTheApplyClosureDoesNotHideTheNextChange() {
    // The observer is installed when the apply closure returns: the send inside it happens before
    // there is an observer, and the change after it must still reach the observer.
    let store = appStore()
    let fired = Locked(0)
    withObservationTracking {
      _ = store.state.counter.count
      store.send(.counter(.increment))
    } onChange: {
      fired.withLock { $0 += 1 }
    }
    #expect(fired.withLock { $0 } == 0)
    store.send(.counter(.increment))
    #expect(fired.withLock { $0 } == 1)
    #expect(store.state.counter.count == 20)
  }

  @Test func anObserverInstalledAfterSendsFires() {
    let store = appStore()
    for _ in 0..<3 { store.send(.counter(.increment)) }
    let fired = observe { _ = store.state }
    store.send(.counter(.increment))
    #expect(fired.withLock { $0 } == 1)
    #expect(store.state.counter.count == 40)
  }

  @Test func anObserverOfAScopedStoreInstalledAfterSendsFires() {
    let store = appStore()
    let counter = store.scope(state: \.counter, action: /AppAction.counter)
    let nested = counter.scope(state: \.self, action: /.self).scope(state: \.count, action: /.self)
    counter.send(.increment)
    nested.send(.add(1))
    let fired = observe { _ = nested.state }
    store.send(.counter(.increment))
    #expect(fired.withLock { $0 } == 1)
    #expect(nested.state == 21)
    // A new observer of the middle store, after more sends through the nested one.
    nested.send(.add(1))
    let middleFired = observe { _ = counter.state }
    nested.send(.add(1))
    #expect(middleFired.withLock { $0 } == 1)
    #expect(counter.state.count == 23)
  }

  @Test func aScopedStoreReadsItsStateWhenAsked() {
    // Nothing follows the child: its state is read from the parent when read, always current.
    let store = appStore()
    let level2 = store.scope(state: \.self, action: /.self).scope(
      state: \.counter, action: /AppAction.counter)
    for _ in 0..<3 { store.send(.counter(.increment)) }
    #expect(level2.state.count == 30)
    level2.send(.add(1))
    #expect(level2.state.count == 31)
  }

  @Test func statesOfAStoreScopedTwiceFollowTheRoot() async {
    let store = appStore()
    let level2 = store.scope(state: \.self, action: /.self).scope(
      state: \.counter, action: /AppAction.counter)
    var iterator = level2.states.makeAsyncIterator()
    store.send(.counter(.increment))
    level2.send(.add(5))
    #expect(await iterator.next()?.count == 0)
    #expect(await iterator.next()?.count == 10)
    #expect(await iterator.next()?.count == 15)
  }

  @Test func anOptionalScopeKeepsTheLastStateEvenUnread() {
    let holder = dismissibleStore()
    let child = holder.scope(state: \.optionalCounter, action: /AppAction.optionalCounter)!
    // Changed twice, never read, then gone: the child still has the last state there was.
    holder.send(.optionalCounter(.increment))
    holder.send(.optionalCounter(.add(1)))
    holder.send(.logged("dismiss"))
    #expect(child.state.count == 14)
  }

  @Test func scopingToOptionalStateIsAnObservedRead() {
    // A view that shows a child only while its state is there must see it appear.
    let store = appStore()
    let fired = observe {
      _ = store.scope(state: \.optionalCounter, action: /AppAction.optionalCounter)
    }
    store.send(.logged("unrelated"))
    #expect(fired.withLock { $0 } == 1)
  }
}
