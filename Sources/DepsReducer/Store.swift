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
  private var pending: [Action] = []
  private var isHandling = false
  // Behind a lock only so that the nonisolated `deinit` may cancel the tasks.
  private let effects = Locked<[UInt64: Task<Void, Never>]>([:])
  private var nextEffectID: UInt64 = 0

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
  /// ```
  ///
  /// - Parameter action: The action to handle.
  public func send(_ action: Action) {
    pending.append(action)
    // A send from inside a send (an effect's `.send`, or code observing the state) waits its turn.
    guard !isHandling else { return }
    isHandling = true
    defer { isHandling = false }
    while !pending.isEmpty {
      let action = pending.removeFirst()
      let effect = reducer.run(&state, action, environment)
      start(effect)
    }
  }

  private func start(_ effect: Effect<Action>) {
    for operation in effect.operations {
      switch operation {
      case .send(let action):
        pending.append(action)
      case .run(let priority, let operation):
        nextEffectID += 1
        let id = nextEffectID
        let send = Send<Action> { [weak self] action in await self?.send(action) }
        // Registered under the lock it removes itself with, so a task that ends at once cannot
        // remove itself before it was registered. Creating a task runs none of its code.
        effects.withLock { effects in
          effects[id] = Task(priority: priority) { [effects = self.effects] in
            try? await operation(send)
            _ = effects.withLock { $0.removeValue(forKey: id) }
          }
        }
      }
    }
  }

  deinit {
    // Cancelling runs cancellation handlers (user code): take the tasks out, then cancel unlocked.
    let running = effects.withLock { effects in
      defer { effects.removeAll() }
      return Array(effects.values)
    }
    for task in running { task.cancel() }
  }
}
