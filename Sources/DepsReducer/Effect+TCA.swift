/// TCA 0.40's effect spellings, so a feature written for it compiles with its imports changed.
extension Effect {
  /// An effect that runs asynchronous work and sends the action it returns.
  ///
  /// An error thrown by `operation` goes to `handler`, whose action is sent instead. With no
  /// handler, an error other than `CancellationError` is a runtime warning naming the action that
  /// started the effect, and in a test a test failure; a `CancellationError` ends the effect
  /// quietly, as in TCA.
  ///
  /// ```swift
  /// case .factButtonTapped:
  ///   return .task { [count = state.count, numberFact = environment.numberFact] in
  ///     .factLoaded(try await numberFact(count))
  ///   } catch: { error in
  ///     .failed(error.localizedDescription)
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs `operation`.
  ///   - operation: The work to do; returns the action to send.
  ///   - handler: Turns an error `operation` threw into the action to send.
  /// - Returns: An effect that runs `operation`.
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

  /// An effect that runs asynchronous work and sends nothing; errors it throws are ignored.
  ///
  /// ```swift
  /// case .refreshTapped:
  ///   return .fireAndForget { [api = environment.api] in
  ///     _ = try await api.fetch()
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs `work`.
  ///   - work: The work to do.
  /// - Returns: An effect that runs `work`.
  public static func fireAndForget(
    priority: TaskPriority? = nil,
    _ work: @escaping @Sendable () async throws -> Void
  ) -> Self {
    run(priority: priority) { _ in try? await work() }
  }

  /// Runs this effect and drops the actions it sends, as TCA 0.40's `effect.fireAndForget()`.
  ///
  /// The work still runs, and a `cancellable` one can still be cancelled. As in TCA, an error a
  /// `run` operation of this effect throws is ignored.
  ///
  /// ```swift
  /// return Effect<String>.run { _ in Analytics.start() }.fireAndForget()
  /// ```
  ///
  /// - Parameter outputType: The action type of the returned effect; usually inferred.
  /// - Returns: An effect doing this effect's work and sending nothing.
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

  /// An effect that cancels the running effects tied to the type `id`, as TCA 0.40's
  /// `cancel(id:)` with a type.
  ///
  /// ```swift
  /// case .cancelTapped:
  ///   enum SearchRequest {}
  ///   return .cancel(id: SearchRequest.self)
  /// ```
  ///
  /// - Parameter id: The type the effects were made cancellable with.
  /// - Returns: An effect that cancels them.
  public static func cancel(id: Any.Type) -> Self {
    cancel(id: ObjectIdentifier(id))
  }
}

extension Effect where Action: Sendable {
  /// Ties this effect to the type `id` in the store that runs it, as TCA 0.40's `cancellable(id:)`
  /// with a type: ``cancel(id:)-(Any.Type)`` with the same type stops it.
  ///
  /// A type is a convenient id that needs no value: `enum SearchID {}`. It is the same id as
  /// `ObjectIdentifier(SearchID.self)`. See
  /// ``cancellable(id:cancelInFlight:)-(HashableSendable,_)`` for what the id does.
  ///
  /// ```swift
  /// case .queryChanged(let query):
  ///   enum SearchRequest {}
  ///   return .task { [search = environment.search] in .results(try await search(query)) }
  ///     .cancellable(id: SearchRequest.self, cancelInFlight: true)
  /// ```
  ///
  /// - Parameters:
  ///   - id: Any type; two stores using the same type never touch each other's effects.
  ///   - cancelInFlight: Whether to cancel the running effects with this id first.
  /// - Returns: An effect that can be cancelled with ``cancel(id:)-(Any.Type)``.
  public func cancellable(id: Any.Type, cancelInFlight: Bool = false) -> Self {
    cancellable(id: ObjectIdentifier(id), cancelInFlight: cancelInFlight)
  }

  /// Waits `duration` on `clock` before starting this effect; a newer effect debounced with the
  /// same type cancels the waiting one. TCA 0.40's `debounce(id:for:scheduler:)` with a type, and
  /// a clock for the scheduler.
  ///
  /// ```swift
  /// case .queryChanged(let query):
  ///   enum SearchRequest {}
  ///   return .task { [search = environment.search] in .results(try await search(query)) }
  ///     .debounce(id: SearchRequest.self, for: .milliseconds(300), clock: environment.clock)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The type identifying the debounced effect, also usable with ``cancel(id:)-(Any.Type)``.
  ///   - duration: How long to wait for a newer effect.
  ///   - clock: The clock to wait on; a `TestClock` in tests.
  /// - Returns: The debounced effect.
  public func debounce<C: Clock>(id: Any.Type, for duration: C.Duration, clock: C) -> Self {
    debounce(id: ObjectIdentifier(id), for: duration, clock: clock)
  }
}
