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
  // The root's state; a scoped store keeps here the last state it read from its parent.
  private var current: State
  // The root runs the reducer; a scoped store forwards to its parent instead.
  private let runReducer: ((inout State, Action) -> Effect<Action>)?
  private let parent: ScopedParent<State, Action>?
  // Actions waiting their turn, with the send they belong to.
  private let queue = ActionQueue<Action>()
  // The stores scoped from this one, told when the state changes (for their `states`).
  private var children: [WeakChild] = []
  private let effects: EffectRuntime
  private let observation = StoreObservation()
  // The `states` sequences: typed only where `State` is Sendable, so held type-erased here.
  fileprivate let followers = Locked<(any StateFollowing)?>(nil)
  fileprivate var yieldToFollowers: ((State) -> Void)?

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
    self.runReducer = { state, action in reducer.run(&state, action, environment) }
    self.parent = nil
    self.effects = EffectRuntime()
  }

  private init(scopedFrom parent: ScopedParent<State, Action>, initialState: State) {
    self.current = initialState
    self.runReducer = nil
    self.parent = parent
    self.effects = parent.effects
  }

  /// The current state. It changes only when the store handles an action; a scoped store's state
  /// is its parent's child state, always current.
  ///
  /// ```swift
  /// store.send(.increment)
  /// store.state.count   // 1
  /// ```
  public var state: State {
    if let parent {
      // Reading the parent's state registers the observation on the parent, where changes happen.
      if let state = parent.state() { current = state }
      return current
    }
    observation.access(self)
    return current
  }

  /// Handles an action: runs the reducer, then starts the effects it returned.
  ///
  /// Actions from ``Effect/send(_:)`` are handled before `send` returns. Asynchronous effects run
  /// in tasks; the actions they send are handled on the main actor as they arrive. Effects still
  /// running when the store is released are cancelled. A scoped store sends through its parent.
  ///
  /// ```swift
  /// store.send(.loadTapped)
  /// let task = store.send(.refresh)
  /// await task.finish()
  /// ```
  ///
  /// - Parameter action: The action to handle.
  /// - Returns: The effects this action started and those of every action they send.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    if let parent { return parent.send(action) }
    let group = EffectGroup()
    send(action, group: group)
    return StoreTask(group: group)
  }

  private func send(_ action: Action, group: EffectGroup) {
    guard let runReducer else { return queue.append(action, group: group) }
    queue.handle(action, group: group) { action, group in
      let effect = observation.mutate(self) { runReducer(&current, action) }
      stateChanged()
      if effect.operations.isEmpty { return }
      let origin = ActionOrigin(action)
      effects.start(
        effect, group: group, origin: { await origin.description },
        send: Send { [weak self] action in await self?.receive(action) },
        sendNow: { [queue] action in queue.append(action, group: group) })
    }
  }

  // Tells this store's followers and its scoped stores that the state changed.
  private func stateChanged() {
    yieldToFollowers?(current)
    guard !children.isEmpty else { return }
    children.removeAll { $0.store == nil }
    for child in children { child.store?.parentChanged() }
  }

  // A scoped store's parent handled an action: take the new child state and pass it on.
  fileprivate func parentChanged() {
    guard let state = parent?.state() else { return }
    current = state
    stateChanged()
  }

  private func adopt<ChildState, ChildAction>(
    _ child: Store<ChildState, ChildAction, Environment>
  ) -> Store<ChildState, ChildAction, Environment> {
    children.append(WeakChild(store: child))
    return child
  }

  // An action an effect sent. Runs in the effect's task, so `RunningEffect.current` is the effect.
  private func receive(_ action: sending Action) {
    guard let effect = RunningEffect.current else { return send(action, group: EffectGroup()) }
    // Checked on the main actor, where cancelInFlight cancels: nothing sent after the cancel gets in.
    guard !effect.isCancelled else { return }
    send(action, group: effect.group)
  }

  /// How many effect tasks this store runs now (tests check that nothing is left behind).
  package var runningEffectCount: Int { effects.runningCount }

  /// A store of a child feature: its state is this store's `state[keyPath: toChildState]`, kept
  /// current, and its actions are sent through this store, embedded with `toChildAction`. It
  /// shares this store's effects and cancellation ids.
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
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction, Environment> {
    adopt(
      Store<ChildState, ChildAction, Environment>(
        scopedFrom: ScopedParent(
          state: { [self] in state[keyPath: toChildState] },
          send: { [self] action in send(toChildAction.embed(action)) },
          effects: effects),
        initialState: state[keyPath: toChildState]))
  }

  /// A store of a child feature whose state is optional: `nil` while the child state is `nil`.
  ///
  /// The store keeps the last child state it saw: sending to it after the state became `nil`
  /// reaches the parent's reducer, whose `optional()` child reducer warns about the absent state.
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
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction, Environment>? {
    guard let initialState = state[keyPath: toChildState] else { return nil }
    return adopt(
      Store<ChildState, ChildAction, Environment>(
        scopedFrom: ScopedParent(
          state: { [self] in state[keyPath: toChildState] },
          send: { [self] action in send(toChildAction.embed(action)) },
          effects: effects),
        initialState: initialState))
  }

  /// A store of a child feature whose state is one case of an enum: `nil` while the state is in
  /// another case.
  ///
  /// ```swift
  /// let counterStore = screenStore.scope(state: /Screen.counter, action: /ScreenAction.counter)
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The case holding the child state.
  ///   - toChildAction: Embeds the child's actions in this store's actions.
  /// - Returns: The child store, or `nil` while the state is in another case.
  public func scope<ChildState, ChildAction>(
    state toChildState: CasePath<State, ChildState>,
    action toChildAction: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction, Environment>? {
    guard let initialState = toChildState.extract(from: state) else { return nil }
    return adopt(
      Store<ChildState, ChildAction, Environment>(
        scopedFrom: ScopedParent(
          state: { [self] in toChildState.extract(from: state) },
          send: { [self] action in send(toChildAction.embed(action)) },
          effects: effects),
        initialState: initialState))
  }

  deinit {
    // A scoped store shares its root's effects: only the root ends them.
    if parent == nil { effects.cancelAll() }
    // Followers stop: their sequences end.
    followers.withLock { $0 }?.finish()
  }
}

/// How a scoped store reaches its parent. Holds the parent strongly: a child store keeps its
/// parent alive, never the other way round.
@MainActor
private struct ScopedParent<State, Action> {
  let state: () -> State?
  let send: (Action) -> StoreTask
  let effects: EffectRuntime
}

/// A store scoped from another, held weakly: the parent never keeps its children alive.
@MainActor
private protocol ScopedChild: AnyObject {
  func parentChanged()
}

@MainActor
private struct WeakChild {
  weak var store: (any ScopedChild)?
}

extension Store: ScopedChild {}

/// The action that started an effect, kept on the main actor for warnings that name it.
@MainActor
final class ActionOrigin<Action> {
  let action: Action

  init(_ action: Action) {
    self.action = action
  }

  var description: String { ValueText.describe(action) }
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
    let (stream, continuation) = AsyncStream<State>.makeStream(
      bufferingPolicy: .bufferingNewest(64))
    followers.add(continuation)
    continuation.yield(current)
    return stream
  }

}
