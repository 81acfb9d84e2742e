import DepsCore

#if canImport(Observation)
  import Observation
#endif

/// Runs a reducer on the main actor: holds the state, handles actions, and runs their effects.
///
/// An action sent while the store handles another (from ``Effect/send(_:)``, or from an observer
/// of the state) waits its turn: the reducer never runs re-entrantly. The store is
/// `Observable` where the Observation module is (Linux, macOS 14, iOS 17).
///
/// ```swift
/// let store = Store(initialState: AppState(), reducer: appReducer, environment: AppEnvironment())
/// store.send(.onAppear)
/// print(store.state.counter.count)
/// ```
///
/// Not `Sendable`: it is isolated to the main actor, so its state and environment need not be.
@MainActor
public final class Store<State, Action, Environment> {
  // A scoped store runs an empty reducer and hands its actions to the root through `toRoot`: plain
  // fields, since calling a closure of a `let` field needs no retain, and an enum payload is copied.
  @usableFromInline let reducer: Reducer<State, Action, Environment>
  @usableFromInline let environment: Environment
  @usableFromInline let toRoot: ((Action) -> StoreTask)?
  private let scoping: Scoping<State>?
  // A scoped store keeps here the last state it read from its parent. Exclusivity unchecked: the
  // reducer's `inout` access is the only one that lasts, and the queue never runs the reducer
  // re-entrantly (asserted in `ActionQueue.startHandling()`).
  @exclusivity(unchecked) @usableFromInline var current: State
  @usableFromInline let queue = ActionQueue<Action>()
  @usableFromInline let effects: EffectRuntime
  private let ownsEffects: Bool
  // Until `state` is read through its tracked getter, a change needs no observation registrar. Never
  // cleared: an observer installed at the end of an apply closure must see the next change.
  @exclusivity(unchecked) @usableFromInline var isObserved = false
  // Set once this store, or one scoped from it, has `states` followers or keeps the last state of
  // an optional or enum case; until then a change walks no scoped stores.
  @exclusivity(unchecked) @usableFromInline var isFollowed = false
  // Only followed children are listed, so scoping on every render of a view lists nothing. The
  // dead are dropped on every change and when the list reaches `compactsAt`: a registration is
  // amortized O(1) and the list stays under twice the live children plus `minimumCompaction`.
  private var children: [WeakChild] = []
  private var compactsAt = Store.minimumCompaction
  private static var minimumCompaction: Int { 16 }
  private let observation = StoreObservation()
  // Type-erased: `StateFollowers` needs `State: Sendable`.
  fileprivate let followers = Locked<(any StateFollowing)?>(nil)
  fileprivate var yieldToFollowers: ((State) -> Void)?
  // Made once; each effect gets a copy bound to itself.
  @usableFromInline lazy var effectSend = Send<Action> { [weak self] action, effect in
    await self?.receive(action, from: effect)
  }

  /// Creates a store with a state, the reducer that evolves it, and the reducer's environment.
  public init(
    initialState: State,
    reducer: Reducer<State, Action, Environment>,
    environment: Environment
  ) {
    self.current = initialState
    self.reducer = reducer
    self.environment = environment
    self.toRoot = nil
    self.scoping = nil
    self.effects = EffectRuntime()
    self.ownsEffects = true
  }

  private init(
    scoping: Scoping<State>, toRoot: @escaping (Action) -> StoreTask, initialState: State,
    environment: Environment, effects: EffectRuntime
  ) {
    self.current = initialState
    self.reducer = .empty
    self.environment = environment
    self.toRoot = toRoot
    self.scoping = scoping
    self.effects = effects
    self.ownsEffects = false
  }

  /// The current state; a scoped store's is its parent's child state, always current.
  public var state: State {
    // On the root, where changes happen.
    observeRoot()
    return refreshedState()
  }

  @usableFromInline func refreshedState() -> State {
    guard let scoping else { return current }
    if let state = scoping.read() { current = state }
    return current
  }

  /// Runs the reducer, then starts the effects it returned; actions from ``Effect/send(_:)`` are
  /// handled before `send` returns. Effects still running when the store is released are cancelled.
  ///
  /// - Returns: The effects this action started and those of every action they send.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    if let toRoot { return toRoot(action) }
    // An action that waits its turn needs its group now.
    guard queue.isIdle else { return enqueue(action) }
    queue.startHandling()
    let group = reduce(action, group: nil)
    if queue.stopHandling() { drainQueue() }
    return StoreTask(group: group)
  }

  /// Runs the reducer and starts the effects in `group`, made here when they need one.
  @inlinable
  func reduce(_ action: Action, group: EffectGroup?) -> EffectGroup? {
    let effect = isObserved ? reduceObserved(action) : reducer.run(&current, action, environment)
    if isFollowed { stateChanged() }
    if effect.isNone { return group }
    return start(effect, of: action, group: group)
  }

  @usableFromInline func reduceObserved(_ action: Action) -> Effect<Action> {
    observation.mutate(self) { reducer.run(&current, action, environment) }
  }

  @inlinable
  func start(_ effect: Effect<Action>, of action: Action, group: EffectGroup?) -> EffectGroup? {
    var group = group
    effects.start(
      effect, group: &group, origin: ActionOrigin(action), send: effectSend,
      sendNow: { [queue] action, group in queue.append(action, group: group) })
    return group
  }

  @usableFromInline func enqueue(_ action: Action) -> StoreTask {
    let group = EffectGroup(runtime: effects)
    enqueue(action, group: group)
    return StoreTask(group: group)
  }

  private func enqueue(_ action: Action, group: EffectGroup) {
    queue.append(action, group: group)
    drainQueue()
  }

  @usableFromInline func drainQueue() {
    queue.drain { action, group in _ = reduce(action, group: group) }
  }

  @usableFromInline func stateChanged() {
    yieldToFollowers?(current)
    guard !children.isEmpty else { return }
    children.removeAll { $0.store == nil }
    compactsAt = Swift.max(Store.minimumCompaction, children.count * 2)
    for child in children { child.store?.parentChanged() }
  }

  // From the effect's task or from any code it left running: its `Send` carries it there.
  private func receive(_ action: sending Action, from effect: RunningEffect?) {
    guard let effect else { return enqueue(action, group: EffectGroup(runtime: effects)) }
    // Checked on the main actor, where cancelInFlight cancels: nothing sent after the cancel gets in.
    guard !effect.isCancelled else { return }
    enqueue(action, group: effect.group)
  }

  // For the tests: nothing left behind, ended ids forgotten, the list of scoped stores bounded.
  package var runningEffectCount: Int { effects.runningCount }
  package var registeredIDCount: Int { effects.registeredIDCount }
  package var scopedChildCount: Int { children.count }

  /// A store of a child feature, whose actions this store handles, embedded; it shares this
  /// store's effects and cancellation ids. Making it is not an observed read of this store's state.
  ///
  /// ```swift
  /// let counterStore = appStore.scope(state: \.counter, action: /AppAction.counter)
  /// counterStore.send(.increment)   // appStore handles .counter(.increment)
  /// ```
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction, Environment> {
    scoped(
      read: { [self] in refreshedState()[keyPath: toChildState] },
      toRoot: toRoot(toChildAction),
      initialState: refreshedState()[keyPath: toChildState],
      keepsLastState: false)
  }

  /// A store of a child feature whose state is optional; `nil` while the child state is `nil`
  /// (an observed read). It keeps the last child state it saw: an action sent after the state
  /// became `nil` reaches the parent's `optional()` reducer, which warns.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction, Environment>? {
    guard let initialState = state[keyPath: toChildState] else { return nil }
    return scoped(
      read: { [self] in refreshedState()[keyPath: toChildState] },
      toRoot: toRoot(toChildAction), initialState: initialState, keepsLastState: true)
  }

  /// A store of a child feature whose state is one case of an enum; `nil` while the state is in
  /// another case. Like the optional scope, it keeps the last child state it saw.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: CasePath<State, ChildState>,
    action toChildAction: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction, Environment>? {
    guard let initialState = toChildState.extract(from: state) else { return nil }
    return scoped(
      read: { [self] in toChildState.extract(from: refreshedState()) },
      toRoot: toRoot(toChildAction), initialState: initialState, keepsLastState: true)
  }

  /// Composed once: a child's action reaches the root without a send at every level.
  @inlinable
  func toRoot<ChildAction>(
    _ toChildAction: CasePath<Action, ChildAction>
  ) -> (ChildAction) -> StoreTask {
    guard let parentToRoot = toRoot else {
      return { [self] action in send(toChildAction.embed(action)) }
    }
    return { action in parentToRoot(toChildAction.embed(action)) }
  }

  /// A child that keeps its last state is followed: it reads its state on every change of this
  /// store's, so that it has the last one even unread.
  @usableFromInline func scoped<ChildState, ChildAction>(
    read: @escaping () -> ChildState?,
    toRoot: @escaping (ChildAction) -> StoreTask,
    initialState: ChildState,
    keepsLastState: Bool
  ) -> Store<ChildState, ChildAction, Environment> {
    let child = Store<ChildState, ChildAction, Environment>(
      scoping: Scoping(parent: self, read: read), toRoot: toRoot, initialState: initialState,
      environment: environment, effects: effects)
    if keepsLastState { child.markFollowed() }
    return child
  }

  deinit {
    if ownsEffects { effects.cancelAll() }
    followers.withLock { $0 }?.finish()
  }
}

/// A scoped store's parent, held strongly (a child keeps its parent alive, never the other way
/// round), and its read of the child state, which registers no observation.
@MainActor
private struct Scoping<State> {
  let parent: any StoreNode
  let read: () -> State?
}

/// What a store is to the stores scoped from it, whatever its generic arguments.
@MainActor @usableFromInline
protocol StoreNode: AnyObject {
  func observeRoot()
  /// Marks this store and its ancestors: their changes must reach it.
  func markFollowed()
  func follow(_ child: any StoreNode)
  func parentChanged()
}

extension Store: StoreNode {
  @usableFromInline func observeRoot() {
    guard let scoping else {
      isObserved = true
      return observation.access(self)
    }
    scoping.parent.observeRoot()
  }

  @usableFromInline func markFollowed() {
    guard !isFollowed else { return }
    isFollowed = true
    scoping?.parent.follow(self)
  }

  @usableFromInline func follow(_ child: any StoreNode) {
    if children.count >= compactsAt {
      children.removeAll { $0.store == nil }
      compactsAt = Swift.max(Store.minimumCompaction, children.count * 2)
    }
    children.append(WeakChild(store: child))
    markFollowed()
  }

  @usableFromInline func parentChanged() {
    // A child state that became absent stops the walk here.
    guard isFollowed, let state = scoping?.read() else { return }
    current = state
    stateChanged()
  }
}

@MainActor
private struct WeakChild {
  weak var store: (any StoreNode)?
}

/// Kept on the main actor: `Action` need not be Sendable.
@MainActor @usableFromInline
final class ActionOrigin<Action>: EffectOrigin {
  let action: Action

  @usableFromInline init(_ action: Action) {
    self.action = action
  }

  @usableFromInline func describe() async -> String { ValueText.describe(action) }
}

extension Store where State: Sendable {
  /// The current state, then the state after every action, until the store is released: for
  /// code that is not SwiftUI.
  public var states: AsyncStream<State> {
    let followers = self.followers.withLock { box in
      if let existing = box as? StateFollowers<State> { return existing }
      let created = StateFollowers<State>()
      box = created
      return created
    }
    yieldToFollowers = { [followers] state in followers.yield(state) }
    markFollowed()
    let (stream, continuation) = AsyncStream<State>.makeStream(
      bufferingPolicy: .bufferingNewest(64))
    followers.add(continuation)
    continuation.yield(refreshedState())
    return stream
  }

}
