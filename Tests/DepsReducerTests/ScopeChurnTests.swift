import DepsCore
import DepsReducer
import Observation
import Testing

/// A SwiftUI body scopes its store on every render: the parent must not keep a trace of every
/// store it ever scoped, whether anything observes it or not.
@MainActor @Suite struct ScopeChurnTests {
  /// As many scopes as a long session of renders makes.
  private static let churn = 200_000
  /// What the parent may keep at most while nothing scoped from it is alive: a few entries left
  /// until the next compaction (the list grows to twice what was alive at the last one).
  private static let bound = 64

  private func makeRoot() -> Store<AppState, AppAction, AppEnvironment> {
    Store(
      initialState: AppState(optionalCounter: CounterState(), screen: .counter(CounterState())),
      reducer: appReducer, environment: AppEnvironment())
  }

  @Test func scopingAStoreNothingObservesKeepsNoTraceOfTheScopedStores() {
    let root = makeRoot()
    for _ in 0..<Self.churn {
      _ = root.scope(state: \.counter, action: /AppAction.counter)
    }
    #expect(root.scopedChildCount <= Self.bound)
  }

  @Test func scopingOptionalAndCaseStatesKeepsTheParentsListBounded() {
    let root = makeRoot()
    let screen = root.scope(state: \.screen, action: /AppAction.screen)
    for _ in 0..<Self.churn / 4 {
      _ = root.scope(state: \.optionalCounter, action: /AppAction.optionalCounter)
      _ = screen.scope(state: /Screen.counter, action: /.self)
    }
    #expect(root.scopedChildCount <= Self.bound)
    #expect(screen.scopedChildCount <= Self.bound)
  }

  @Test func scopingAFollowedStoreKeepsTheParentsListBounded() async {
    let root = makeRoot()
    // The root's changes are passed on to followed children from now on.
    let followedStore = root.scope(state: \.counter, action: /AppAction.counter)
    var states = followedStore.states.makeAsyncIterator()
    for _ in 0..<Self.churn / 4 {
      _ = root.scope(state: \.counter, action: /AppAction.counter).states
      _ = root.scope(state: \.optionalCounter, action: /AppAction.optionalCounter)
    }
    // The followed store whose sequence is still read is one of them.
    #expect(root.scopedChildCount <= Self.bound)
    #expect(await states.next()?.count == 0)
  }

  @Test func scopedStoresSeeEveryChangeAfterHeavyChurn() async throws {
    let root = makeRoot()
    let counter = root.scope(state: \.counter, action: /AppAction.counter)
    // (Outside `#require`: in a macro's argument, `/Case` would read as a regex literal.)
    let optionalStore = root.scope(state: \.optionalCounter, action: /AppAction.optionalCounter)
    let optional = try #require(optionalStore)
    let screen = root.scope(state: \.screen, action: /AppAction.screen)
    let screenCounterStore = screen.scope(state: /Screen.counter, action: /.self)
    let screenCounter = try #require(screenCounterStore)
    // Kept alive: a released store's sequence ends.
    let followedStore = root.scope(state: \.counter, action: /AppAction.counter)
    var followed = followedStore.states.makeAsyncIterator()
    #expect(await followed.next()?.count == 0)
    for index in 0..<Self.churn / 8 {
      _ = root.scope(state: \.counter, action: /AppAction.counter)
      _ = root.scope(state: \.optionalCounter, action: /AppAction.optionalCounter)
      _ = screen.scope(state: /Screen.counter, action: /.self)
      // Changes in the middle of the churn, passed on while the lists are being compacted.
      if index.isMultiple(of: 10_000) { root.send(.counter(.increment)) }
    }
    let changesDuringChurn = (Self.churn / 8 + 9_999) / 10_000
    for _ in 0..<changesDuringChurn {
      #expect(await followed.next() != nil)
    }

    let observed = ObservedChange()
    withObservationTracking {
      _ = counter.state
    } onChange: {
      observed.fire()
    }
    counter.send(.increment)
    optional.send(.add(2))
    screenCounter.send(.add(3))

    #expect(observed.fired)
    #expect(counter.state.count == (changesDuringChurn + 1) * 10)
    #expect(optional.state.count == 2)
    #expect(screenCounter.state.count == 3)
    #expect(await followed.next()?.count == (changesDuringChurn + 1) * 10)
    #expect(root.scopedChildCount <= Self.bound)
  }
}

/// Whether an observation's `onChange` ran (it may run on any thread).
private final class ObservedChange: Sendable {
  private let state = Locked(false)
  func fire() { state.withLock { $0 = true } }
  var fired: Bool { state.withLock { $0 } }
}
