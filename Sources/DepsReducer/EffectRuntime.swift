import DepsCore

/// The effects one store runs: its tasks, their cancellation ids, and the release of everything
/// when the store goes away. ``Store`` and `TestStore` both run their effects here.
///
/// Cancellation ids live in one registry per root store (scoped stores send through their root),
/// so two stores using the same id never touch each other's effects.
@usableFromInline
package final class EffectRuntime: Sendable {
  private struct State {
    var nextID: UInt64 = 0
    var running: [UInt64: RunningEffect] = [:]
    var byCancelID: [EffectCancelID: [UInt64: RunningEffect]] = [:]
    var isReleased = false
  }

  private let state = Locked(State())

  /// Creates an empty registry.
  package init() {}

  /// How many effects are running (tests count them to check that nothing is left behind).
  package var runningCount: Int { state.withLock { $0.running.count } }

  /// Starts the work of `effect`: hands its synchronous `.send` actions to `sendNow` in order and
  /// starts its asynchronous work in tasks that belong to `group`.
  ///
  /// - Parameters:
  ///   - effect: What the reducer returned.
  ///   - group: The ``StoreTask`` the work belongs to; made here, when `nil`, as soon as an
  ///     operation needs one (a task, or an action sent now, which may start tasks). An effect
  ///     that only cancels leaves it `nil`.
  ///   - origin: Describes the action that started the effect, for warnings.
  ///   - send: Feeds actions of asynchronous work back into the store.
  ///   - sendNow: Takes the effect's synchronous actions, with the group they belong to.
  @MainActor
  package func start<Action>(
    _ effect: Effect<Action>,
    group: inout EffectGroup?,
    origin: @escaping @Sendable () async -> String,
    send: Send<Action>,
    sendNow: (Action, EffectGroup) -> Void
  ) {
    func made(_ group: inout EffectGroup?) -> EffectGroup {
      if let group { return group }
      let made = EffectGroup()
      group = made
      return made
    }
    for operation in effect.operations {
      switch operation {
      case .send(let action):
        sendNow(action, made(&group))
      case .cancel(let id):
        cancel(id: id)
      case .run(let priority, let operation):
        launch(priority: priority, cancelID: nil, group: made(&group), parent: nil, origin: origin) {
          await EffectRuntime.run(operation, send: send)
        }
      case .task(let priority, let cancelID, let work):
        launch(
          priority: priority, cancelID: cancelID, group: made(&group), parent: nil, origin: origin
        ) {
          await work(send)
        }
      }
    }
  }

  /// Runs the operation of a `.run` effect and reports an error that nothing caught.
  package static func run<Action>(
    _ operation: @Sendable (Send<Action>) async throws -> Void, send: Send<Action>
  ) async {
    do {
      try await operation(send)
    } catch {
      // Errors of a cancelled effect are what cancelling it does, not failures.
      guard !(error is CancellationError), !Task.isCancelled,
        let current = RunningEffect.current, !current.isCancelled
      else { return }
      let action = await current.origin()
      runtimeWarn(EffectWarning.uncaughtError(error, action: action))
    }
  }

  /// Runs asynchronous work inside a running effect (`concatenate`, a nested `cancellable`):
  /// `.send` actions in order, everything else as it comes.
  package static func perform<Action: Sendable>(_ effect: Effect<Action>, send: Send<Action>) async {
    guard let parent = RunningEffect.current else { return }
    // One run (a concatenated step, mostly): in this task, with no task group.
    if effect.operations.count == 1, case .run(_, let operation) = effect.operations[0] {
      return await run(operation, send: send)
    }
    await withTaskGroup(of: Void.self) { tasks in
      for operation in effect.operations {
        switch operation {
        case .send(let action):
          await send(action)
        case .cancel(let id):
          parent.runtime.cancel(id: id)
        case .run(let priority, let operation):
          tasks.addTask(priority: priority) { await run(operation, send: send) }
        case .task(let priority, let cancelID, let work):
          guard let cancelID else {
            tasks.addTask(priority: priority) { await work(send) }
            continue
          }
          let child = parent.runtime.launch(
            priority: priority, cancelID: cancelID, group: parent.group, parent: parent,
            origin: parent.origin
          ) { await work(send) }
          tasks.addTask {
            await withTaskCancellationHandler {
              await child.wait()
            } onCancel: {
              child.cancel()
            }
          }
        }
      }
    }
  }

  /// Cancels the running effects tied to `id`. An id nothing runs under is a no-op.
  package func cancel(id: EffectCancelID) {
    let cancelled = state.withLock { state in
      state.byCancelID.removeValue(forKey: id).map { Array($0.values) } ?? []
    }
    // Cancelling runs cancellation handlers (user code): outside the lock.
    for effect in cancelled { effect.cancel() }
  }

  /// Cancels everything and refuses new work: the store is gone.
  /// Cancels every running effect; effects started later run as usual.
  package func cancelRunning() {
    let cancelled = state.withLock { state in
      state.byCancelID.removeAll()
      return Array(state.running.values)
    }
    for effect in cancelled { effect.cancel() }
  }

  package func cancelAll() {
    let cancelled = state.withLock { state in
      state.isReleased = true
      state.byCancelID.removeAll()
      return Array(state.running.values)
    }
    for effect in cancelled { effect.cancel() }
  }

  @discardableResult
  private func launch(
    priority: TaskPriority?,
    cancelID: EffectCancellation?,
    group: EffectGroup,
    parent: RunningEffect?,
    origin: @escaping @Sendable () async -> String,
    work: @escaping @Sendable () async -> Void
  ) -> RunningEffect {
    let effect = RunningEffect(runtime: self, group: group, parent: parent, origin: origin)
    // Displacing the old effects and registering the new one is one step under the lock: no
    // cancel can land between them, and the new effect is never in the set it cancels.
    let (isReleased, displaced) = state.withLock { state -> (Bool, [RunningEffect]) in
      guard !state.isReleased else { return (true, []) }
      state.nextID += 1
      effect.id = state.nextID
      var displaced: [RunningEffect] = []
      if let cancelID {
        if cancelID.cancelInFlight, let old = state.byCancelID[cancelID.id] {
          displaced = Array(old.values)
          state.byCancelID[cancelID.id] = nil
        }
        state.byCancelID[cancelID.id, default: [:]][effect.id] = effect
      }
      state.running[effect.id] = effect
      return (false, displaced)
    }
    group.enter(effect)
    for old in displaced { old.cancel() }
    if isReleased { effect.cancel() }
    let task = Task(priority: priority) {
      // No window in which the old and the new run together: wait for the displaced effects to
      // end (an enclosing effect is never waited for: it waits for this one).
      for old in displaced where !effect.isDescendant(of: old) { await old.wait() }
      if !effect.isCancelled {
        await RunningEffect.$current.withValue(effect) { await work() }
      }
      self.finished(effect, cancelID: cancelID?.id)
    }
    effect.attach(task)
    return effect
  }

  private func finished(_ effect: RunningEffect, cancelID: EffectCancelID?) {
    state.withLock { state in
      state.running[effect.id] = nil
      if let cancelID {
        state.byCancelID[cancelID]?[effect.id] = nil
        if state.byCancelID[cancelID]?.isEmpty == true { state.byCancelID[cancelID] = nil }
      }
    }
    effect.markFinished()
    effect.group.leave(effect)
  }
}

/// A cancellation id as the registry keys it.
@usableFromInline package struct EffectCancelID: Hashable, Sendable {
  // @unchecked: built only from `some Hashable & Sendable` values (see `init`).
  private struct Base: Hashable, @unchecked Sendable { let value: AnyHashable }
  private let base: Base

  /// Wraps a user's id.
  package init(_ id: some Hashable & Sendable) {
    base = Base(value: AnyHashable(id))
  }
}

/// The id a `cancellable` effect runs under, and whether it displaces the running ones.
@usableFromInline package struct EffectCancellation: Sendable {
  package let id: EffectCancelID
  package let cancelInFlight: Bool

  package init(id: EffectCancelID, cancelInFlight: Bool) {
    self.id = id
    self.cancelInFlight = cancelInFlight
  }
}
