import DepsCore

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
/// print(store.state.count)
/// ```
///
/// `Store` is not `Sendable`: it is isolated to the main actor, and its state and environment need
/// not be Sendable. Use it from the main actor.
@MainActor
public final class Store<State, Action, Environment> {
  /// The current state. It changes only when the store handles an action.
  ///
  /// ```swift
  /// store.send(.increment)
  /// store.state.count   // 1
  /// ```
  public private(set) var state: State

  private let reducer: Reducer<State, Action, Environment>
  private let environment: Environment
  // Actions waiting their turn, with the send they belong to; `head` is the next one, so taking
  // an action is O(1) (the array is emptied once the queue drains).
  private var pending: [(action: Action, group: EffectGroup)] = []
  private var head = 0
  private var isHandling = false
  private let effects = EffectRuntime()

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
    self.state = initialState
    self.reducer = reducer
    self.environment = environment
  }

  /// Handles an action: runs the reducer, then starts the effects it returned.
  ///
  /// Actions from ``Effect/send(_:)`` are handled before `send` returns. Asynchronous effects run
  /// in tasks; the actions they send are handled on the main actor as they arrive. Effects still
  /// running when the store is released are cancelled.
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
    let group = EffectGroup()
    send(action, group: group)
    return StoreTask(group: group)
  }

  private func send(_ action: Action, group: EffectGroup) {
    pending.append((action, group))
    // A send from inside a send (an effect's `.send`, or code observing the state) waits its turn.
    guard !isHandling else { return }
    isHandling = true
    defer {
      isHandling = false
      pending.removeAll(keepingCapacity: true)
      head = 0
    }
    while head < pending.count {
      let (action, group) = pending[head]
      head += 1
      let effect = reducer.run(&state, action, environment)
      if effect.operations.isEmpty { continue }
      let origin = ActionOrigin(action)
      effects.start(
        effect, group: group, origin: { await origin.description },
        send: Send { [weak self] action in await self?.receive(action) },
        sendNow: { action in pending.append((action, group)) })
    }
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

  deinit {
    effects.cancelAll()
  }
}

/// The action that started an effect, kept on the main actor for warnings that name it.
@MainActor
final class ActionOrigin<Action> {
  let action: Action

  init(_ action: Action) {
    self.action = action
  }

  var description: String { String(reflecting: action) }
}
