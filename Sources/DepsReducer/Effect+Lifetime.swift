extension Effect {
  /// An effect that runs `operation` in a task and hands `handler` every error it throws, except
  /// those of a cancelled effect; with no handler, as ``run(priority:operation:)``.
  ///
  /// ```swift
  /// return .run { [api = environment.api] send in
  ///   await send(.loaded(try await api.fetch()))
  /// } catch: { error, send in
  ///   await send(.failed(error.localizedDescription))
  /// }
  /// ```
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

  /// An effect that cancels the running effects of this store (and the stores scoped from it)
  /// tied to `id`: they send nothing more.
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operations: [.cancel(EffectCancelID(id))])
  }
}

extension Effect where Action: Sendable {
  /// Ties this effect to `id` in the store that runs it, so that
  /// ``cancel(id:)-(HashableSendable)`` can stop it; two stores never touch each other's effects.
  ///
  /// With `cancelInFlight`, the running effects with the id are cancelled first, and this one
  /// starts only after they ended, even those whose code goes on after the cancel: the old and
  /// the new never run together, and the old can never cancel the new.
  ///
  /// ```swift
  /// case .queryChanged(let query):
  ///   return .run { [search = environment.search] send in
  ///     await send(.results(try await search(query)))
  ///   }
  ///   .cancellable(id: SearchID(), cancelInFlight: true)
  /// ```
  @inlinable
  public consuming func cancellable(
    id: some Hashable & Sendable, cancelInFlight: Bool = false
  ) -> Self {
    let cancelID = EffectCancelID(id)
    // Only sends and cancels: nothing runs long enough to be cancelled. (Wrapped in a task under
    // `id`, a `.cancel(id)` among them would cancel that very task: `.send(x)` made cancellable
    // twice would drop `x`.)
    if operations.allSatisfy(\.isImmediate) {
      return cancelInFlight ? Self(operations: [.cancel(cancelID)] + operations) : self
    }
    let cancellation = EffectCancellation(id: cancelID, cancelInFlight: cancelInFlight)
    // The usual case, one `.run` with no id yet, takes the id in place: its task runs the
    // operation with no task group.
    if operations.count == 1, case .run(let priority, nil, let operation) = operations[0] {
      var effect = consume self
      effect.nonEmptyOperations![0] = .run(priority: priority, cancelID: cancellation, operation: operation)
      return effect
    }
    return Self(operations: [
      .task(priority: nil, cancelID: cancellation) { [self] send in
        await EffectRuntime.perform(self, send: send)
      }
    ])
  }

  /// An effect that runs the given effects one after another, each when the previous one ended;
  /// the leading ones that only send (or cancel) are done before the action's `send` returns.
  public static func concatenate(_ effects: Self...) -> Self {
    concatenate(effects)
  }

  /// An effect that runs the effects of `effects` one after another.
  public static func concatenate(_ effects: [Self]) -> Self {
    let effects = effects.filter { !$0.isNone }
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
  /// same id (which ``cancel(id:)-(HashableSendable)`` also takes) cancels the waiting one.
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
