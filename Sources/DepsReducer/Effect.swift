/// Work a reducer asks its store to do after the state changed: send more actions, or run
/// asynchronous code that may send actions back.
///
/// Reducers return an effect from every action: ``none`` when there is nothing to do,
/// ``send(_:)`` to feed an action straight back in, ``run(priority:operation:)`` for asynchronous
/// work, and ``merge(_:)-(Effect<Action>...)`` to do several things at once.
///
/// ```swift
/// case .refreshTapped:
///   // Capture the service, not the environment: a ComposableDeps environment is not Sendable.
///   return .run { [api = environment.api] send in
///     await send(.loaded(try await api.fetch()))
///   }
/// ```
///
/// `Effect` is `Sendable` when `Action` is: it holds the actions of ``send(_:)`` effects, and
/// `@Sendable` operations.
public struct Effect<Action> {
  /// One unit of work of an effect, in the order the store starts them.
  @usableFromInline package enum Operation {
    /// Feed this action back into the store, before any later action.
    case send(Action)
    /// Run this operation in a task, with a `Send` that feeds actions back; registered under the
    /// cancellation id when there is one (a `cancellable` run).
    case run(
      priority: TaskPriority?, cancelID: EffectCancellation?,
      operation: @Sendable (Send<Action>) async throws -> Void)
    /// Cancel the running effects tied to this id in the store.
    case cancel(EffectCancelID)
    /// Run this work in a task registered under a cancellation id (when there is one); the work
    /// may start effects of its own inside that task (`concatenate`, `cancellable`).
    case task(
      priority: TaskPriority?, cancelID: EffectCancellation?,
      work: @Sendable (Send<Action>) async -> Void)

    /// Whether the store does this at once, when it starts the effect (a send or a cancel), rather
    /// than in a task.
    @inlinable var isImmediate: Bool {
      switch self {
      case .send, .cancel: true
      case .run, .task: false
      }
    }
  }

  /// The units of work of this effect; `nil` for ``none``, never an empty array.
  ///
  /// An optional, so that ``none`` holds no reference: most actions start no effect, and a
  /// pullback drops its child's `.none` at every level without a release (an empty array holds
  /// the empty-array object, released at every drop).
  @usableFromInline var nonEmptyOperations: [Operation]?

  /// The units of work of this effect; empty for ``none``.
  @inlinable package var operations: [Operation] {
    get { nonEmptyOperations ?? [] }
    set { nonEmptyOperations = newValue.isEmpty ? nil : newValue }
  }

  /// Whether this effect does nothing: ``none``, or an effect made of no work.
  @inlinable var isNone: Bool { nonEmptyOperations == nil }

  /// Creates an effect from its units of work.
  @inlinable package init(operations: [Operation]) {
    self.nonEmptyOperations = operations.isEmpty ? nil : operations
  }

  /// The effect that does nothing, with no array.
  @inlinable init() {
    self.nonEmptyOperations = nil
  }

  /// An effect that does nothing.
  ///
  /// ```swift
  /// case .increment:
  ///   state.count += 1
  ///   return .none
  /// ```
  @inlinable public static var none: Self { Self() }

  /// An effect that immediately sends `action` back into the store.
  ///
  /// The store runs the action right after the current one, before any action sent later.
  ///
  /// ```swift
  /// case .reset:
  ///   return .send(.setCount(0))
  /// ```
  ///
  /// - Parameter action: The action to send.
  /// - Returns: An effect that sends `action`.
  @inlinable
  public static func send(_ action: Action) -> Self {
    Self(operations: [.send(action)])
  }

  /// An effect that runs asynchronous work in a task and may send actions back.
  ///
  /// An error thrown by `operation` ends the effect. Other than `CancellationError`, it is reported
  /// as a runtime warning naming the action that started the effect (a test failure in tests):
  /// pass ``run(priority:operation:catch:)`` a `catch` closure to turn errors into actions.
  ///
  /// ```swift
  /// return .run { send in
  ///   try await Task.sleep(for: .seconds(1))
  ///   await send(.timerTicked)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs `operation`.
  ///   - operation: The work to do; call its `Send` argument to feed actions back.
  /// - Returns: An effect that runs `operation`.
  @inlinable
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (Send<Action>) async throws -> Void
  ) -> Self {
    Self(operations: [.run(priority: priority, cancelID: nil, operation: operation)])
  }

  /// An effect that does the work of every given effect, started in the given order.
  ///
  /// ```swift
  /// return .merge(.send(.started), .run { send in await send(.loaded(try await load())) })
  /// ```
  ///
  /// - Parameter effects: The effects to combine.
  /// - Returns: An effect doing all of their work.
  @inlinable
  public static func merge(_ effects: Self...) -> Self {
    merge(effects)
  }

  /// An effect that does the work of every effect in `effects`, started in order.
  ///
  /// ```swift
  /// return .merge(ids.map { id in .send(.load(id)) })
  /// ```
  ///
  /// - Parameter effects: The effects to combine.
  /// - Returns: An effect doing all of their work.
  @inlinable
  public static func merge(_ effects: [Self]) -> Self {
    Self(operations: effects.flatMap(\.operations))
  }

  /// Transforms the actions this effect sends.
  ///
  /// This is how a child reducer's effects become the parent's effects in
  /// the `pullback` and `forEach` methods of ``Reducer``:
  ///
  /// ```swift
  /// childEffect.map { AppAction.child($0) }
  /// ```
  ///
  /// `@preconcurrency`, so that `effect.map(AppAction.child)` compiles without a warning in the
  /// Swift 5 language mode, where a case constructor is not inferred `@Sendable`.
  ///
  /// - Parameter transform: Turns each action of this effect into an action of the new effect.
  /// - Returns: An effect doing the same work and sending transformed actions.
  @inlinable @preconcurrency
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    // Most actions start no effect: skip the generic work of mapping nothing.
    guard let operations = nonEmptyOperations else { return .none }
    return Effect<T>(
      operations: operations.map { operation -> Effect<T>.Operation in
        switch operation {
        case .send(let action):
          return .send(transform(action))
        case .run(let priority, let cancelID, let operation):
          // The child's `Send` sends as the parent's effect, or as the effect it is bound to
          // later (a `cancellable` inside the mapped work).
          return .run(priority: priority, cancelID: cancelID) { send in
            try await operation(send.map(transform))
          }
        case .cancel(let id):
          return .cancel(id)
        case .task(let priority, let cancelID, let work):
          return .task(priority: priority, cancelID: cancelID) { send in
            await work(send.map(transform))
          }
        }
      })
  }
}

// `Effect` holds `Action` values (from `send(_:)`) and `@Sendable` closures: it is exactly as
// Sendable as its actions.
extension Effect: Sendable where Action: Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}
