/// Cancellation, error handling, sequencing and debouncing.
extension Effect {
  /// An effect that runs asynchronous work and turns the errors it throws into actions.
  ///
  /// `handler` receives every error `operation` throws except those of a cancelled effect. With no
  /// handler, an error other than `CancellationError` is a runtime warning naming the action that
  /// started the effect, and in a test a test failure.
  ///
  /// ```swift
  /// return .run { [api = environment.api] send in
  ///   await send(.loaded(try await api.fetch()))
  /// } catch: { error, send in
  ///   await send(.failed(error.localizedDescription))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs `operation`.
  ///   - operation: The work to do; call its `Send` argument to feed actions back.
  ///   - handler: Turns an error `operation` threw into actions.
  /// - Returns: An effect that runs `operation`.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (Send<Action>) async throws -> Void,
    catch handler: (@Sendable (any Error, Send<Action>) async -> Void)? = nil
  ) -> Self {
    guard let handler else { return run(priority: priority, operation: operation) }
    return run(priority: priority) { send in
      do {
        try await operation(send)
      } catch {
        guard !Task.isCancelled, !(RunningEffect.current?.isCancelled ?? false) else { return }
        await handler(error, send)
      }
    }
  }

  /// An effect that cancels the running effects tied to `id` in the store.
  ///
  /// Ids are scoped to the store that runs the effect (and the stores scoped from it). An id no
  /// effect runs under is a no-op. A cancelled effect sends nothing more; while its code goes on,
  /// a `cancelInFlight` effect with the id waits for it to end.
  ///
  /// ```swift
  /// case .cancelTapped:
  ///   return .cancel(id: SearchID())
  /// ```
  ///
  /// - Parameter id: The id the effects were made cancellable with.
  /// - Returns: An effect that cancels them.
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operations: [.cancel(EffectCancelID(id))])
  }
}

extension Effect where Action: Sendable {
  /// Ties this effect to `id` in the store that runs it, so that ``cancel(id:)-(HashableSendable)`` can stop it.
  ///
  /// With `cancelInFlight`, the running effects with the same id are cancelled first, and this one
  /// starts only after they ended (an effect cancelled earlier whose code goes on included): the
  /// old and the new never run together, and the old can never cancel the new. A cancelled effect
  /// sends nothing more.
  ///
  /// ```swift
  /// case .queryChanged(let query):
  ///   return .run { [search = environment.search] send in
  ///     await send(.results(try await search(query)))
  ///   }
  ///   .cancellable(id: SearchID(), cancelInFlight: true)
  /// ```
  ///
  /// - Parameters:
  ///   - id: Any hashable value; two stores using the same id never touch each other's effects.
  ///   - cancelInFlight: Whether to cancel the running effects with this id first.
  /// - Returns: An effect that can be cancelled with ``cancel(id:)-(HashableSendable)``.
  @inlinable
  public consuming func cancellable(
    id: some Hashable & Sendable, cancelInFlight: Bool = false
  ) -> Self {
    let cancelID = EffectCancelID(id)
    // Only sends and cancels, done before the action's send returns: nothing runs long enough to
    // be cancelled. (Wrapping them in a task under `id` would let a `.cancel(id)` among them
    // cancel that very task: `.send(x)` made cancellable twice would drop `x`.)
    if operations.allSatisfy(\.isImmediate) {
      return cancelInFlight ? Self(operations: [.cancel(cancelID)] + operations) : self
    }
    let cancellation = EffectCancellation(id: cancelID, cancelInFlight: cancelInFlight)
    // The usual case, one `.run` with no id yet: it takes the id (in place, when this effect was
    // the last holder of its operations), and its task runs the operation with no task group.
    if operations.count == 1, case .run(let priority, nil, let operation) = operations[0] {
      var effect = consume self
      // One operation (checked above): the array is there, changed in place.
      effect.nonEmptyOperations![0] = .run(priority: priority, cancelID: cancellation, operation: operation)
      return effect
    }
    return Self(operations: [
      .task(priority: nil, cancelID: cancellation) { [self] send in
        await EffectRuntime.perform(self, send: send)
      }
    ])
  }

  /// An effect that runs the given effects one after another: each starts when the previous one
  /// ended. Cancelling it stops the sequence.
  ///
  /// The leading effects that only send (or cancel) are done at once, like a
  /// ``merge(_:)-(Effect<Action>...)`` of them: their actions are handled before the action's
  /// `send` returns. The rest runs in a task, from the first effect with asynchronous work on.
  ///
  /// ```swift
  /// return .concatenate(.send(.started), .run { send in await send(.loaded(try await load())) })
  /// ```
  ///
  /// - Parameter effects: The effects to run in order.
  /// - Returns: An effect running them in sequence.
  public static func concatenate(_ effects: Self...) -> Self {
    concatenate(effects)
  }

  /// An effect that runs the effects of `effects` one after another.
  ///
  /// ```swift
  /// return .concatenate(steps.map { step in .send(.step(step)) })
  /// ```
  ///
  /// - Parameter effects: The effects to run in order.
  /// - Returns: An effect running them in sequence.
  public static func concatenate(_ effects: [Self]) -> Self {
    let effects = effects.filter { !$0.isNone }
    // The leading effects that only send or cancel are done at once, in order, like a `merge` of
    // them: their actions are handled before the action's send returns, ahead of actions sent
    // later. What follows the first asynchronous effect runs in one task, each effect after the
    // previous one ended.
    let immediate = effects.prefix { $0.operations.allSatisfy(\.isImmediate) }
    let rest = effects.dropFirst(immediate.count)
    let now = immediate.flatMap(\.operations)
    if rest.isEmpty { return Self(operations: now) }
    return Self(
      operations: now + [
        .task(priority: nil, cancelID: nil) { [rest = Array(rest)] send in
          for effect in rest {
            guard !Task.isCancelled else { return }
            await EffectRuntime.perform(effect, send: send)
          }
        }
      ])
  }

  /// Waits `duration` on `clock` before starting this effect; a newer effect debounced with the
  /// same id cancels the waiting one.
  ///
  /// ```swift
  /// case .queryChanged(let query):
  ///   state.query = query
  ///   return .run { [search = environment.search] send in
  ///     await send(.results(try await search(query)))
  ///   }
  ///   .debounce(id: SearchID(), for: .milliseconds(300), clock: environment.clock)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The id of the debounced effect, also usable with ``cancel(id:)-(HashableSendable)``.
  ///   - duration: How long to wait for a newer effect.
  ///   - clock: The clock to wait on; a `TestClock` in tests.
  /// - Returns: The debounced effect.
  public func debounce<C: Clock>(
    id: some Hashable & Sendable, for duration: C.Duration, clock: C
  ) -> Self {
    if isNone { return .none }
    return Self.concatenate(
      .run { _ in try await clock.sleep(for: duration) },
      self
    )
    .cancellable(id: id, cancelInFlight: true)
  }
}
