/// TCA 0.40's effect spellings, so a feature written for it compiles with its imports changed.
extension Effect {
  /// An effect that runs `operation` and sends the action it returns, or `handler`'s action for
  /// the error it threw.
  ///
  /// Without a handler, an error is reported as by ``run(priority:operation:)``; a
  /// `CancellationError` ends the effect quietly either way.
  public static func task(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable () async throws -> Action,
    catch handler: (@Sendable (any Error) async -> Action)? = nil
  ) -> Self {
    guard let handler else {
      return run(priority: priority) { send in await send(try await operation()) }
    }
    return run(priority: priority) { send in
      await send(try await operation())
    } catch: { error, send in
      guard !(error is CancellationError) else { return }
      await send(await handler(error))
    }
  }

  /// An effect that runs `work` and sends nothing; errors it throws are ignored.
  public static func fireAndForget(
    priority: TaskPriority? = nil,
    _ work: @escaping @Sendable () async throws -> Void
  ) -> Self {
    run(priority: priority) { _ in try? await work() }
  }

  /// This effect's work, cancellable as before, with the actions it sends dropped and the errors
  /// it throws ignored, as in TCA.
  ///
  /// - Parameter outputType: The action type of the returned effect; usually inferred.
  public func fireAndForget<NewAction>(
    outputType: NewAction.Type = NewAction.self
  ) -> Effect<NewAction> {
    let drop = Send<Action> { _, _ in }
    return Effect<NewAction>(
      operations: operations.compactMap { operation -> Effect<NewAction>.Operation? in
        switch operation {
        case .send:
          return nil
        case .run(let priority, let cancelID, let operation):
          return .run(priority: priority, cancelID: cancelID) { _ in try? await operation(drop) }
        case .cancel(let id):
          return .cancel(id)
        case .task(let priority, let cancelID, let work):
          return .task(priority: priority, cancelID: cancelID) { _ in await work(drop) }
        }
      })
  }

  /// An effect that cancels the running effects tied to the type `id`.
  public static func cancel(id: Any.Type) -> Self {
    cancel(id: ObjectIdentifier(id))
  }
}

extension Effect where Action: Sendable {
  /// ``cancellable(id:cancelInFlight:)-(HashableSendable,_)`` with a type for the id, one that
  /// needs no value (`enum SearchID {}`): the same id as `ObjectIdentifier(SearchID.self)`.
  public func cancellable(id: Any.Type, cancelInFlight: Bool = false) -> Self {
    cancellable(id: ObjectIdentifier(id), cancelInFlight: cancelInFlight)
  }

  /// `debounce(id:for:clock:)` with a type for the id: TCA 0.40's
  /// `debounce(id:for:scheduler:)`, with a clock for the scheduler.
  public func debounce<C: Clock>(id: Any.Type, for duration: C.Duration, clock: C) -> Self {
    debounce(id: ObjectIdentifier(id), for: duration, clock: clock)
  }
}
