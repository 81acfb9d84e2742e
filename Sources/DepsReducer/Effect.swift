/// Work a reducer asks its store to do after the state changed: send more actions, or run
/// asynchronous code that may send actions back.
///
/// ```swift
/// case .refreshTapped:
///   // Capture the service, not the environment: a ComposableDeps environment is not Sendable.
///   return .run { [api = environment.api] send in
///     await send(.loaded(try await api.fetch()))
///   }
/// ```
///
/// `Sendable` when `Action` is: it holds the actions of ``send(_:)`` effects.
public struct Effect<Action> {
  /// One unit of work, in the order the store starts them.
  @usableFromInline package enum Operation {
    case send(Action)
    case run(
      priority: TaskPriority?, cancelID: EffectCancellation?,
      operation: @Sendable (Send<Action>) async throws -> Void)
    case cancel(EffectCancelID)
    /// Work that may start effects of its own inside its task (`concatenate`, `cancellable`).
    case task(
      priority: TaskPriority?, cancelID: EffectCancellation?,
      work: @Sendable (Send<Action>) async -> Void)

    /// Done when the store starts the effect, not in a task.
    @inlinable var isImmediate: Bool {
      switch self {
      case .send, .cancel: true
      case .run, .task: false
      }
    }
  }

  /// `nil` for ``none``, never an empty array, so that ``none`` holds no reference: most actions
  /// start no effect, and a pullback drops its child's `.none` at every level without a release
  /// (an empty array holds the empty-array object, released at every drop).
  @usableFromInline var nonEmptyOperations: [Operation]?

  @inlinable package var operations: [Operation] {
    get { nonEmptyOperations ?? [] }
    set { nonEmptyOperations = newValue.isEmpty ? nil : newValue }
  }

  @inlinable var isNone: Bool { nonEmptyOperations == nil }

  @inlinable package init(operations: [Operation]) {
    self.nonEmptyOperations = operations.isEmpty ? nil : operations
  }

  @inlinable init() {
    self.nonEmptyOperations = nil
  }

  /// An effect that does nothing.
  @inlinable public static var none: Self { Self() }

  /// An effect that sends `action` back into the store, handled right after the current action,
  /// before any action sent later.
  @inlinable
  public static func send(_ action: Action) -> Self {
    Self(operations: [.send(action)])
  }

  /// An effect that runs `operation` in a task; it feeds actions back through its `Send`.
  ///
  /// An error other than `CancellationError` ends the effect with a runtime warning naming the
  /// action that started it (a test failure in tests): ``run(priority:operation:catch:)`` turns
  /// errors into actions.
  @inlinable
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (Send<Action>) async throws -> Void
  ) -> Self {
    Self(operations: [.run(priority: priority, cancelID: nil, operation: operation)])
  }

  /// An effect that does the work of every given effect, started in order.
  @inlinable
  public static func merge(_ effects: Self...) -> Self {
    merge(effects)
  }

  /// An effect that does the work of every effect in `effects`, started in order.
  @inlinable
  public static func merge(_ effects: [Self]) -> Self {
    Self(operations: effects.flatMap(\.operations))
  }

  /// The same work, sending `transform` of each action: how a child's effects become the parent's.
  /// `@preconcurrency`, so that `effect.map(AppAction.child)` compiles in the Swift 5 mode.
  @inlinable @preconcurrency
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    guard let operations = nonEmptyOperations else { return .none }
    return Effect<T>(
      operations: operations.map { operation -> Effect<T>.Operation in
        switch operation {
        case .send(let action):
          return .send(transform(action))
        case .run(let priority, let cancelID, let operation):
          // Sends as the effect the parent's `Send` is bound to, then or later (a `cancellable`
          // inside the mapped work).
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

extension Effect: Sendable where Action: Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}
