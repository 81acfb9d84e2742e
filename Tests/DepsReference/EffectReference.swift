/// `DepsReducer`'s effects with a lifetime as Docs/Effects.md and the API contract state them,
/// plainly: the meaning `EffectRuntime` must agree with.
///
/// - `cancellable(id:)` ties an effect to an id in its store; `.cancel(id:)` cancels the running
///   effects with that id (an id nothing runs under is a no-op).
/// - `cancellable(id:cancelInFlight: true)` cancels the running effects with the id first, and
///   starts the new effect only once they ended: the old and the new never run together. The
///   running effects with the id are all those that have not ended: one that `.cancel(id:)`, a
///   `StoreTask.cancel()` or an earlier restart cancelled, and that goes on, is one of them.
/// - A cancelled effect's `send` sends nothing, even if its code goes on.
/// - `Store.send` returns a `StoreTask` covering the effects of the action and of every action
///   they send; `cancel()` stops them.
/// - Releasing a store cancels every effect it runs.
///
/// Effects here are the differential tests' own: each waits for the test to tell it to send an
/// action or to end; a *cooperative* one also ends when it is cancelled, a *stubborn* one goes on
/// waiting (and sending, which must send nothing). Either ends at once if it is cancelled before
/// its work starts.
package final class EffectReference {
  package enum Phase: Sendable, Equatable {
    /// Waiting for the effects it displaced (cancelInFlight) to end; its work has not started.
    case waiting
    /// Its work is running: waiting for the test's next command.
    case running
    case ended
  }

  package struct Effect: Sendable {
    package let spec: EffectSpec
    package let group: Int
    package var phase: Phase
    package var isCancelled = false
    /// The effects it displaced, which must end before its work starts.
    package var displaced: [Int]
  }

  package private(set) var effects: [Int: Effect] = [:]
  /// The actions the store reduced, in order, as the test's reducer logs them.
  package private(set) var log: [String] = []
  package private(set) var storeIsAlive = true

  package init() {}

  // MARK: Actions

  /// `store.send(action)` from the test: reduced unless the store is gone.
  package func send(_ action: EffectAction) {
    guard storeIsAlive else { return }
    reduce(action, group: action.spec?.n ?? -1)
  }

  private func reduce(_ action: EffectAction, group: Int) {
    log.append(action.description)
    switch action {
    case .start(let spec), .spawn(let spec):
      start(spec, group: group)
    case .cancel(let id):
      for (n, effect) in effects where effect.spec.cancelID == id && effect.phase != .ended {
        effects[n]!.isCancelled = true
      }
    case .emitted:
      break
    }
    settle()
  }

  private func start(_ spec: EffectSpec, group: Int) {
    precondition(effects[spec.n] == nil, "EffectReference: effect \(spec.n) started twice.")
    var displaced: [Int] = []
    if let id = spec.cancelID, spec.cancelInFlight {
      // Every effect with the id that has not ended, cancelled already or not.
      for (n, effect) in effects where effect.spec.cancelID == id && effect.phase != .ended {
        effects[n]!.isCancelled = true
        displaced.append(n)
      }
    }
    effects[spec.n] = Effect(spec: spec, group: group, phase: .waiting, displaced: displaced.sorted())
  }

  /// `task.cancel()` on the `StoreTask` of the send that started effect `n`'s group.
  package func cancelGroup(_ group: Int) {
    for (n, effect) in effects where effect.group == group && effect.phase != .ended {
      effects[n]!.isCancelled = true
    }
    settle()
  }

  package func releaseStore() {
    storeIsAlive = false
    for (n, effect) in effects where effect.phase != .ended { effects[n]!.isCancelled = true }
    settle()
  }

  // MARK: Commands to running effects

  /// Whether effect `n` is running, so that the test can tell it something.
  package func isRunning(_ n: Int) -> Bool { effects[n]?.phase == .running }

  /// Effect `n` sends `action`: reduced in its group unless the effect is cancelled or the store gone.
  package func effect(_ n: Int, sends action: EffectAction) {
    precondition(isRunning(n), "EffectReference: effect \(n) is not running.")
    guard !effects[n]!.isCancelled, storeIsAlive else { return }
    reduce(action, group: effects[n]!.group)
  }

  /// Effect `n`'s work returns.
  package func finish(_ n: Int) {
    precondition(isRunning(n), "EffectReference: effect \(n) is not running.")
    effects[n]!.phase = .ended
    settle()
  }

  /// What follows from the last step without the test's help: cancelled cooperative effects end;
  /// effects whose displaced effects all ended start, or end if cancelled.
  private func settle() {
    var changed = true
    while changed {
      changed = false
      for (n, effect) in effects.sorted(by: { $0.key < $1.key }) {
        switch effect.phase {
        case .running where effect.isCancelled && effect.spec.cooperative:
          effects[n]!.phase = .ended
          changed = true
        case .waiting where effect.displaced.allSatisfy({ effects[$0]!.phase == .ended }):
          effects[n]!.phase = effect.isCancelled ? .ended : .running
          changed = true
        default:
          break
        }
      }
    }
  }

  /// How many effects may still be alive in the runtime: those running or waiting; a cancelled
  /// waiting effect may end before the effects it waits for (the docs leave it open).
  package var aliveCount: ClosedRange<Int> {
    let running = effects.values.filter { $0.phase == .running }.count
    let waiting = effects.values.filter { $0.phase == .waiting }
    let surely = running + waiting.filter { !$0.isCancelled }.count
    return surely...(running + waiting.count)
  }
}

/// An effect of a differential program: its number, its cancellation id, and how it takes
/// cancellation.
package struct EffectSpec: Hashable, Sendable, CustomStringConvertible {
  package var n: Int
  package var cancelID: Int?
  package var cancelInFlight: Bool
  package var cooperative: Bool

  package init(n: Int, cancelID: Int?, cancelInFlight: Bool, cooperative: Bool) {
    self.n = n
    self.cancelID = cancelID
    self.cancelInFlight = cancelInFlight
    self.cooperative = cooperative
  }

  package var description: String {
    var text = "effect \(n)"
    if let cancelID { text += cancelInFlight ? " id \(cancelID) cancelInFlight" : " id \(cancelID)" }
    return text + (cooperative ? " cooperative" : " stubborn")
  }
}

/// The actions of the differential tests' feature.
package enum EffectAction: Sendable, Equatable, CustomStringConvertible {
  /// Starts the effect (from the test).
  case start(EffectSpec)
  /// Starts the effect (sent by another effect, so in that effect's group).
  case spawn(EffectSpec)
  /// Cancels the effects with the id.
  case cancel(Int)
  /// Sent by effect `n`.
  case emitted(n: Int, value: Int)

  package var spec: EffectSpec? {
    switch self {
    case .start(let spec), .spawn(let spec): spec
    case .cancel, .emitted: nil
    }
  }

  package var description: String {
    switch self {
    case .start(let spec): "start(\(spec))"
    case .spawn(let spec): "spawn(\(spec))"
    case .cancel(let id): "cancel(id \(id))"
    case .emitted(let n, let value): "emitted(\(value) by effect \(n))"
    }
  }
}
