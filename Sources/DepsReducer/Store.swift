import DepsCore

#if canImport(Observation)
  import Observation
#endif

/// Runs a reducer on the main actor: holds the state, handles actions, and runs their effects.
///
/// Actions sent while the store is already handling one (from a reducer's ``Effect/send(_:)``, or
/// from an observer reacting to a state change) are queued and handled in order after it, so the
/// reducer never runs re-entrantly. Actions that ``Effect/run(priority:operation:)`` effects send
/// come back to the main actor and are handled like any other action.
///
/// ```swift
/// let store = Store(initialState: AppState(), reducer: appReducer, environment: AppEnvironment())
/// store.send(.onAppear)
/// print(store.state.counter.count)
/// ```
///
/// The store is `Observable` (where the Observation module is: Linux, macOS 14, iOS 17): SwiftUI
/// views and `withObservationTracking` see ``state`` change. ``states`` follows the state from
/// plain Swift code, and ``scope(state:action:)-(KeyPath<State,ChildState>,_)`` makes a store of a
/// child feature.
///
/// `Store` is not `Sendable`: it is isolated to the main actor, and its state and environment need
/// not be Sendable. Use it from the main actor.
@MainActor
public final class Store<State, Action, Environment> {
  // The root runs the reducer with the environment. A scoped store runs none: it holds an empty
  // reducer and its parent's environment, and hands its actions to the root through `toRoot`.
  // (Plain fields rather than an enum of the two: calling a closure of a `let` field needs no
  // retain, while a payload taken out of an enum is copied.)
  @usableFromInline let reducer: Reducer<State, Action, Environment>
  @usableFromInline let environment: Environment
  // A scoped store's way to its root: embeds its actions through every level, sends there.
  @usableFromInline let toRoot: ((Action) -> StoreTask)?
  // A scoped store's parent and state read; `nil` at the root.
  private let scoping: Scoping<State>?
  // The root's state, which the reducer changes in place; a scoped store keeps here the last
  // state it read from its parent. Exclusivity is not checked at run time: the reducer's `inout`
  // access is the only one that lasts, and the queue never runs the reducer re-entrantly (asserted
  // in `ActionQueue.startHandling()`); every other access is a plain read or write on the main actor.
  @exclusivity(unchecked) @usableFromInline var current: State
  // Actions waiting their turn, with the send they belong to (used by the root only).
  @usableFromInline let queue = ActionQueue<Action>()
  @usableFromInline let effects: EffectRuntime
  // Whether this store is a root, which owns its effects.
  private let ownsEffects: Bool
  // Whether `state` was ever read through its tracked getter, the only place an observer can
  // register: until then a change needs no observation registrar. Never cleared: an observer
  // installed at the end of a `withObservationTracking` apply closure must see the next change
  // even when actions were sent inside the closure. (A root's flag; plain reads and writes.)
  @exclusivity(unchecked) @usableFromInline var isObserved = false
  // Whether a change must be passed on: this store has `states` followers, or keeps the last
  // state of an optional or enum case, or so does a store scoped from it at any depth. Until then
  // a change walks no scoped stores. Set once, never cleared. (Plain reads and writes.)
  @exclusivity(unchecked) @usableFromInline var isFollowed = false
  // The followed stores scoped from this one, held weakly: told of changes. A store nothing
  // follows is never listed (it reads its state from this one when asked), so scoping on every
  // render of a view lists nothing. The dead are dropped on every change, and when the list
  // reaches `compactsAt` on a registration: a registration costs amortized O(1), and the list
  // stays under twice the live followed children, plus `minimumCompaction`.
  private var children: [WeakChild] = []
  private var compactsAt = Store.minimumCompaction
  private static var minimumCompaction: Int { 16 }
  private let observation = StoreObservation()
  // The `states` sequences: typed only where `State` is Sendable, so held type-erased here.
  fileprivate let followers = Locked<(any StateFollowing)?>(nil)
  fileprivate var yieldToFollowers: ((State) -> Void)?
  // The `Send` the effects of this store's actions get (each a copy bound to itself): made once,
  // it holds the store weakly.
  @usableFromInline lazy var effectSend = Send<Action> { [weak self] action, effect in
    await self?.receive(action, from: effect)
  }

  /// Creates a store with a state, the reducer that evolves it, and the reducer's environment.
  ///
  /// ```swift
  /// let store = Store(initialState: CounterState(), reducer: counterReducer, environment: .live)
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state the store starts with.
  ///   - reducer: The reducer that handles actions.
  ///   - environment: The dependencies passed to the reducer.
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

  /// The current state. It changes only when the store handles an action; a scoped store's state
  /// is its parent's child state, always current.
  ///
  /// ```swift
  /// store.send(.increment)
  /// store.state.count   // 1
  /// ```
  public var state: State {
    // Observers register on the root, where changes happen.
    observeRoot()
    return refreshedState()
  }

  /// The current state, read without registering an observation: a scoped store reads it from its
  /// parent (keeping the last one it got while the parent's child state is absent).
  @usableFromInline func refreshedState() -> State {
    guard let scoping else { return current }
    if let state = scoping.read() { current = state }
    return current
  }

  /// Handles an action: runs the reducer, then starts the effects it returned.
  ///
  /// Actions from ``Effect/send(_:)`` are handled before `send` returns. Asynchronous effects run
  /// in tasks; the actions they send are handled on the main actor as they arrive. Effects still
  /// running when the store is released are cancelled. A scoped store hands the action, embedded
  /// in its parent's actions (and so on up), to the root store, which handles it.
  ///
  /// ```swift
  /// store.send(.loadTapped)
  /// let task = store.send(.refresh)
  /// await task.finish()
  /// ```
  ///
  /// - Parameter action: The action to handle.
  /// - Returns: The effects this action started and those of every action they send.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    if let toRoot { return toRoot(action) }
    // Sent while another action is handled: it waits its turn, so it needs its group now.
    guard queue.isIdle else { return enqueue(action) }
    queue.startHandling()
    let group = reduce(action, group: nil)
    if queue.stopHandling() { drainQueue() }
    return StoreTask(group: group)
  }

  /// Runs the reducer for `action` and starts its effects in `group`, made here when the effects
  /// need one and none was given. Returns the group, if any.
  @inlinable
  func reduce(_ action: Action, group: EffectGroup?) -> EffectGroup? {
    let effect = isObserved ? reduceObserved(action) : reducer.run(&current, action, environment)
    if isFollowed { stateChanged() }
    if effect.isNone { return group }
    return start(effect, of: action, group: group)
  }

  /// Runs the reducer telling the observation registrar about the change.
  @usableFromInline func reduceObserved(_ action: Action) -> Effect<Action> {
    observation.mutate(self) { reducer.run(&current, action, environment) }
  }

  /// Starts the effects of `action` in `group`, or in a group made when they need one.
  @inlinable
  func start(_ effect: Effect<Action>, of action: Action, group: EffectGroup?) -> EffectGroup? {
    var group = group
    effects.start(
      effect, group: &group, origin: ActionOrigin(action), send: effectSend,
      sendNow: { [queue] action, group in queue.append(action, group: group) })
    return group
  }

  /// Queues `action` in a group of its own and handles the queue (at once, unless the store is
  /// handling an action already: then after it).
  @usableFromInline func enqueue(_ action: Action) -> StoreTask {
    let group = EffectGroup(runtime: effects)
    enqueue(action, group: group)
    return StoreTask(group: group)
  }

  private func enqueue(_ action: Action, group: EffectGroup) {
    queue.append(action, group: group)
    drainQueue()
  }

  /// Handles the queued actions in order (nothing when called while the queue is being handled).
  @usableFromInline func drainQueue() {
    queue.drain { action, group in _ = reduce(action, group: group) }
  }

  // Tells this store's followers and the followed stores scoped from it that the state changed.
  @usableFromInline func stateChanged() {
    yieldToFollowers?(current)
    guard !children.isEmpty else { return }
    children.removeAll { $0.store == nil }
    compactsAt = Swift.max(Store.minimumCompaction, children.count * 2)
    for child in children { child.store?.parentChanged() }
  }

  // An action `effect` sent, from its task or from any code it left running (its `Send` carries
  // it there).
  private func receive(_ action: sending Action, from effect: RunningEffect?) {
    guard let effect else { return enqueue(action, group: EffectGroup(runtime: effects)) }
    // Checked on the main actor, where cancelInFlight cancels: nothing sent after the cancel gets in.
    guard !effect.isCancelled else { return }
    enqueue(action, group: effect.group)
  }

  /// How many effect tasks this store runs now (tests check that nothing is left behind).
  package var runningEffectCount: Int { effects.runningCount }

  /// How many cancellation ids this store's effects are registered under (tests check that the
  /// ids of ended effects are forgotten).
  package var registeredIDCount: Int { effects.registeredIDCount }

  /// How many stores scoped from this one it keeps track of, alive or not (tests check that
  /// scoping again and again keeps the list bounded).
  package var scopedChildCount: Int { children.count }

  /// A store of a child feature: its state is this store's `state[keyPath: toChildState]`, kept
  /// current, and its actions are sent through this store, embedded with `toChildAction`. It
  /// shares this store's effects and cancellation ids.
  ///
  /// The child state is read when the child store's ``state`` is: making the store is not an
  /// observed read of this store's state.
  ///
  /// ```swift
  /// let counterStore = appStore.scope(state: \.counter, action: /AppAction.counter)
  /// counterStore.send(.increment)   // appStore handles .counter(.increment)
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The child state in this store's state.
  ///   - toChildAction: Embeds the child's actions in this store's actions.
  /// - Returns: The child store.
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

  /// A store of a child feature whose state is optional: `nil` while the child state is `nil`.
  ///
  /// The store keeps the last child state it saw: sending to it after the state became `nil`
  /// reaches the parent's reducer, whose `optional()` child reducer warns about the absent state.
  /// Whether the child state is there is an observed read of this store's ``state``.
  ///
  /// ```swift
  /// if let demoStore = appStore.scope(state: \.demo, action: /AppAction.demo) {
  ///   demoStore.send(.increment)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The optional child state in this store's state.
  ///   - toChildAction: Embeds the child's actions in this store's actions.
  /// - Returns: The child store, or `nil` while the child state is `nil`.
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

  /// A store of a child feature whose state is one case of an enum: `nil` while the state is in
  /// another case.
  ///
  /// Like the optional scope, the store keeps the last child state it saw, and whether the state
  /// is in the case is an observed read of this store's ``state``.
  ///
  /// ```swift
  /// let counterStore = screenStore.scope(state: /Screen.counter, action: /ScreenAction.counter)
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The case holding the child state.
  ///   - toChildAction: Embeds the child's actions in this store's actions.
  /// - Returns: The child store, or `nil` while the state is in another case.
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

  /// Sends a child's actions straight to the root: embedded in this store's actions, then in its
  /// ancestors' (composed once here, not a send through every level).
  @inlinable
  func toRoot<ChildAction>(
    _ toChildAction: CasePath<Action, ChildAction>
  ) -> (ChildAction) -> StoreTask {
    guard let parentToRoot = toRoot else {
      return { [self] action in send(toChildAction.embed(action)) }
    }
    return { action in parentToRoot(toChildAction.embed(action)) }
  }

  /// Makes a child store. One that keeps its last state (of an optional or an enum case) reads
  /// its state on every change of this store's, so that it has the last one even unread.
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
    // A scoped store shares its root's effects: only the root ends them.
    if ownsEffects { effects.cancelAll() }
    // Followers stop: their sequences end.
    followers.withLock { $0 }?.finish()
  }
}

/// How a scoped store reaches its parent. Holds the parent strongly: a child store keeps its
/// parent alive, never the other way round.
@MainActor
private struct Scoping<State> {
  /// The parent, to register observations on the root through and to mark followed.
  let parent: any StoreNode
  /// Reads the child state from the parent, registering no observation; `nil` while absent.
  let read: () -> State?
}

/// What a store is to the stores scoped from it, whatever its generic arguments.
@MainActor @usableFromInline
protocol StoreNode: AnyObject {
  /// Registers an observed read of the root's state.
  func observeRoot()
  /// Marks this store and its ancestors: their changes must reach it.
  func markFollowed()
  /// Lists `child`, just marked followed, among the stores this one passes its changes on to.
  func follow(_ child: any StoreNode)
  /// The parent's state changed: take the new child state, and pass it on.
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
    // Only followed stores are walked; a child state that became absent stops the walk here.
    guard isFollowed, let state = scoping?.read() else { return }
    current = state
    stateChanged()
  }
}

/// A store scoped from another, held weakly: the parent never keeps its children alive.
@MainActor
private struct WeakChild {
  weak var store: (any StoreNode)?
}

/// The action that started an effect, kept on the main actor for warnings that name it.
@MainActor @usableFromInline
final class ActionOrigin<Action>: EffectOrigin {
  let action: Action

  @usableFromInline init(_ action: Action) {
    self.action = action
  }

  @usableFromInline func describe() async -> String { ValueText.describe(action) }
}

extension Store where State: Sendable {
  /// The states of the store from now on, for code that is not SwiftUI: the current state first,
  /// then the state after every action, until the store is released.
  ///
  /// ```swift
  /// Task {
  ///   for await state in store.states {
  ///     print(state.count)
  ///   }
  /// }
  /// ```
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
