import DepsCore
import DepsReducer

/// Hands actions effects send to a test store on the main actor, counting unstarted effect work
/// and actions on their way: what `send` waits for before it returns.
@MainActor
final class EffectInbox<Action> {
  var handle: ((Action, RunningEffect?) -> Void)?
  nonisolated let inTransit = Locked(0)
  nonisolated let unstarted = Locked(0)

  /// Whether effects may be about to send: work not begun yet, or actions on their way.
  var isSettling: Bool {
    inTransit.withLock { $0 } > 0 || unstarted.withLock { $0 } > 0
  }

  /// `effect` with the work of each of its tasks counted in ``unstarted`` until it begins.
  nonisolated func counting(_ effect: Effect<Action>) -> Effect<Action> {
    Effect(
      operations: effect.operations.map { operation in
        switch operation {
        case .run(let priority, let cancelID, let work):
          let start = EffectStart(unstarted)
          return .run(priority: priority, cancelID: cancelID) { send in
            start.begin()
            try await work(send)
          }
        case .task(let priority, let cancelID, let work):
          let start = EffectStart(unstarted)
          return .task(priority: priority, cancelID: cancelID) { send in
            start.begin()
            await work(send)
          }
        case .send, .cancel:
          return operation
        }
      })
  }

  /// What an effect's `Send` calls, wherever the effect's code runs, with the effect.
  nonisolated func send(_ action: sending Action, from effect: RunningEffect?) async {
    inTransit.withLock { $0 += 1 }
    await deliver(action, from: effect)
  }

  private func deliver(_ action: sending Action, from effect: RunningEffect?) {
    inTransit.withLock { $0 -= 1 }
    handle?(action, effect)
  }
}

/// One effect task's work, counted as not begun until it begins or the task drops it unrun.
final class EffectStart: Sendable {
  private let unstarted: Locked<Int>
  private let isCounted = Locked(true)

  init(_ unstarted: Locked<Int>) {
    self.unstarted = unstarted
    unstarted.withLock { $0 += 1 }
  }

  func begin() {
    guard
      isCounted.withLock({ isCounted in
        defer { isCounted = false }
        return isCounted
      })
    else { return }
    unstarted.withLock { $0 -= 1 }
  }

  deinit { begin() }
}
