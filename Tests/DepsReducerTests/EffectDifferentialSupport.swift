import DepsCore
import DepsReference
import Testing

@testable import DepsReducer

// The effects, steps and interpreter of the effect differential programs: a store whose effects
// wait for the test's commands, driven step by step and held against `EffectReference`.

/// Drives the programs' effects: each waits for a command of the test (send an action, start
/// another effect, end), and reports when it starts, waits and ends. A cooperative effect's wait
/// also ends when it is cancelled.
final class EffectController: Sendable {
  enum Command: Sendable {
    case emit(Int)
    case spawn(EffectSpec)
    case finish
  }

  private struct Slot {
    var entered = false
    var exited = false
    var parked: CheckedContinuation<Command?, Never>?
    var heardCancel = false
    /// The effects this one displaced (cancelInFlight), which must have ended when it starts.
    var displaced: [Int] = []
  }

  private let slots = Locked<[Int: Slot]>([:])
  private let broken = Locked<[String]>([])

  /// What the invariants caught as it happened ("old and new never run together").
  var violations: [String] { broken.withLock { $0 } }

  /// Tells the controller that effect `n`, about to start, displaced `displaced`.
  func expect(_ n: Int, displaced: [Int]) {
    slots.withLock { $0[n, default: Slot()].displaced = displaced }
  }

  /// The effect of `spec`.
  func effect(_ spec: EffectSpec) -> Effect<EffectAction> {
    let work = Effect<EffectAction>.run { [self] send in
      // Cancelled before its work started: it ends at once, as the reference allows.
      guard !Task.isCancelled else { return }
      enter(spec.n)
      defer { exit(spec.n) }
      while let command = await park(spec.n, cooperative: spec.cooperative) {
        switch command {
        case .emit(let value): await send(.emitted(n: spec.n, value: value))
        case .spawn(let child): await send(.spawn(child))
        case .finish: return
        }
      }
    }
    guard let id = spec.cancelID else { return work }
    return work.cancellable(id: id, cancelInFlight: spec.cancelInFlight)
  }

  private func enter(_ n: Int) {
    let running = slots.withLock { slots -> [Int] in
      slots[n, default: Slot()].entered = true
      return slots[n]!.displaced.filter { slots[$0]?.entered == true && slots[$0]?.exited == false }
    }
    for old in running {
      broken.withLock {
        $0.append("effect \(n) started while effect \(old), which it displaced, was running")
      }
    }
  }

  private func exit(_ n: Int) {
    slots.withLock { $0[n]!.exited = true }
  }

  private func park(_ n: Int, cooperative: Bool) async -> Command? {
    guard cooperative else {
      return await withCheckedContinuation { continuation in
        slots.withLock { $0[n]!.parked = continuation }
      }
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let cancelled = slots.withLock { slots -> Bool in
          if slots[n]!.heardCancel { return true }
          slots[n]!.parked = continuation
          return false
        }
        if cancelled { continuation.resume(returning: nil) }
      }
    } onCancel: {
      let continuation = slots.withLock { slots in
        slots[n]!.heardCancel = true
        return slots[n]!.parked.take()
      }
      continuation?.resume(returning: nil)
    }
  }

  /// Gives waiting effect `n` its next command; `false` when it is not waiting.
  func resume(_ n: Int, with command: Command) -> Bool {
    guard let continuation = slots.withLock({ $0[n]?.parked.take() }) else { return false }
    continuation.resume(returning: command)
    return true
  }

  /// One more than the highest effect number the controller heard of.
  var count: Int { slots.withLock { ($0.keys.max() ?? -1) + 1 } }

  /// Whether effect `n`'s work started, waits for a command now, and ended.
  func observe(_ n: Int) -> (entered: Bool, waiting: Bool, exited: Bool) {
    slots.withLock { slots in
      let slot = slots[n] ?? Slot()
      return (slot.entered, slot.parked != nil, slot.exited)
    }
  }
}

/// The feature of the programs: it logs every action and starts or cancels what it says.
let effectProgramReducer = Reducer<[String], EffectAction, EffectController> { log, action, controller in
  log.append(action.description)
  switch action {
  case .start(let spec), .spawn(let spec): return controller.effect(spec)
  case .cancel(let id): return .cancel(id: id)
  case .emitted: return .none
  }
}

/// One step of an effect program.
enum EffectStep: ProgramStep {
  /// `store.send(.start(spec))`; its `StoreTask` is kept as the task of effect `spec.n`'s group.
  case start(EffectSpec)
  /// `store.send(.cancel(id))`.
  case cancel(id: Int)
  /// `cancel()` on the task of the send that started effect `n`.
  case cancelTask(Int)
  /// Effect `n` sends `.emitted(n, value)`.
  case emit(Int, value: Int)
  /// Effect `n` sends `.spawn(spec)`, which starts another effect in its group.
  case spawn(from: Int, EffectSpec)
  /// Effect `n`'s work returns.
  case finish(Int)
  case releaseStore

  var description: String {
    switch self {
    case .start(let spec): "store.send(.start(\(spec)))"
    case .cancel(let id): "store.send(.cancel(id: \(id)))"
    case .cancelTask(let n): "the task of the send that started effect \(n): cancel()"
    case .emit(let n, let value): "effect \(n) sends .emitted(\(value))"
    case .spawn(let n, let spec): "effect \(n) sends .spawn(\(spec))"
    case .finish(let n): "effect \(n) returns"
    case .releaseStore: "release the store"
    }
  }

  /// A program of 8 to 30 steps over a few effects and three ids.
  static func program(_ random: inout SeededGenerator) -> [EffectStep] {
    var steps: [EffectStep] = []
    var effects: [Int] = []
    var sent: [Int] = []
    func spec(_ random: inout SeededGenerator) -> EffectSpec {
      let id = random.chance(65) ? random.int(below: 3) : nil
      let spec = EffectSpec(
        n: effects.count, cancelID: id, cancelInFlight: id != nil && random.chance(50),
        cooperative: random.chance(50))
      effects.append(spec.n)
      return spec
    }
    let count = 8 + random.int(below: 23)
    for index in 0..<count {
      switch effects.isEmpty ? 0 : random.int(below: 100) {
      case 0..<28:
        let made = spec(&random)
        sent.append(made.n)
        steps.append(.start(made))
      case 28..<36: steps.append(.cancel(id: random.int(below: 3)))
      case 36..<43 where !sent.isEmpty: steps.append(.cancelTask(random.pick(sent)))
      case 43..<65: steps.append(.emit(random.pick(effects), value: index))
      case 65..<75:
        let from = random.pick(effects)
        steps.append(.spawn(from: from, spec(&random)))
      case 75..<97: steps.append(.finish(random.pick(effects)))
      default: if index > count / 2 { steps.append(.releaseStore) }
      }
    }
    return steps
  }
}

/// Runs EffectStep programs against a `Store` and `EffectReference` side by side.
@MainActor
final class EffectInterpreter {
  /// How long the store may take to reach what the reference predicts after a step.
  let deadline: Duration

  init(deadline: Duration) {
    self.deadline = deadline
  }

  func run(_ steps: [EffectStep]) async -> String? {
    let controller = EffectController()
    var store: Store<[String], EffectAction, EffectController>? = Store(
      initialState: [], reducer: effectProgramReducer, environment: controller)
    let runtime = store!.effects
    let failure = await drive(steps, &store, controller)
    // Whatever happened, nothing of the program outlives it: the store goes (cancelling what
    // runs), and every effect still waiting for a command is told to end.
    store = nil
    let clock = ContinuousClock()
    let start = clock.now
    while runtime.runningCount != 0, clock.now - start < deadline {
      for n in 0..<controller.count { _ = controller.resume(n, with: .finish) }
      await Task.yield()
    }
    return failure
  }

  private func drive(
    _ steps: [EffectStep], _ store: inout Store<[String], EffectAction, EffectController>?,
    _ controller: EffectController
  ) async -> String? {
    let reference = EffectReference()
    let runtime = store!.effects
    var tasks: [Int: StoreTask] = [:]

    func settle(after step: String) async -> String? {
      await self.settle(reference, controller, store, runtime, after: step)
    }

    for step in steps {
      switch step {
      case .start(let spec):
        guard let live = store, reference.effects[spec.n] == nil else { continue }
        reference.send(.start(spec))
        controller.expect(spec.n, displaced: reference.effects[spec.n]?.displaced ?? [])
        tasks[spec.n] = live.send(.start(spec))
      case .cancel(let id):
        guard let live = store else { continue }
        reference.send(.cancel(id))
        live.send(.cancel(id))
      case .cancelTask(let n):
        guard let task = tasks[n] else { continue }
        reference.cancelGroup(n)
        task.cancel()
      case .emit(let n, let value):
        guard reference.isRunning(n) else { continue }
        reference.effect(n, sends: .emitted(n: n, value: value))
        guard controller.resume(n, with: .emit(value)) else {
          return "at \"\(step)\": the effect was not waiting"
        }
      case .spawn(let n, let spec):
        guard reference.isRunning(n), reference.effects[spec.n] == nil else { continue }
        reference.effect(n, sends: .spawn(spec))
        controller.expect(spec.n, displaced: reference.effects[spec.n]?.displaced ?? [])
        guard controller.resume(n, with: .spawn(spec)) else {
          return "at \"\(step)\": the effect was not waiting"
        }
      case .finish(let n):
        guard reference.isRunning(n) else { continue }
        reference.finish(n)
        guard controller.resume(n, with: .finish) else { return "at \"\(step)\": the effect was not waiting" }
      case .releaseStore:
        guard store != nil else { continue }
        reference.releaseStore()
        store = nil
      }
      if let failure = await settle(after: "\(step)") { return failure }
    }
    // Every effect ends; then nothing of them is left in the runtime ("the registry empties").
    while let n = reference.effects.keys.sorted().first(where: reference.isRunning) {
      reference.finish(n)
      guard controller.resume(n, with: .finish) else { return "at the end: effect \(n) was not waiting" }
      if let failure = await settle(after: "at the end, effect \(n) returns") { return failure }
    }
    let clock = ContinuousClock()
    let start = clock.now
    while runtime.runningCount != 0 || runtime.registeredIDCount != 0 {
      guard clock.now - start < deadline else {
        return """
          at the end: every effect ended, but the runtime still counts \(runtime.runningCount) running and \
          \(runtime.registeredIDCount) ids
          """
      }
      await Task.yield()
    }
    return nil
  }

  /// Waits until the store shows what the reference predicts after `step`; what can never become
  /// right (an action the reference did not send, an effect started too early) fails at once.
  private func settle(
    _ reference: EffectReference, _ controller: EffectController,
    _ store: Store<[String], EffectAction, EffectController>?, _ runtime: EffectRuntime,
    after step: String
  ) async -> String? {
    let clock = ContinuousClock()
    let start = clock.now
    var rounds = 0
    while true {
      if let broken = controller.violations.first { return "after \"\(step)\": \(broken)" }
      var pending: [String] = []
      if let store {
        let log = store.state
        guard reference.log.starts(with: log) else {
          return "after \"\(step)\": the store reduced \(log), expected \(reference.log)"
        }
        if log.count < reference.log.count {
          pending.append("the store has reduced \(log), expected \(reference.log)")
        }
      }
      // A restart whose work has not started may wait for the effects it displaced, or not be
      // scheduled yet: settled only once the runtime shows it waiting, so that a restart that
      // does not wait is caught starting its work.
      let restarts = Set(runtime.waitingRestarts.compactMap(\.programEffect))
      for (n, effect) in reference.effects.sorted(by: { $0.key < $1.key }) {
        let seen = controller.observe(n)
        switch effect.phase {
        case .waiting where !effect.isCancelled && seen.entered:
          return
            "after \"\(step)\": effect \(n) started before the effects it displaced \(effect.displaced) ended"
        case .waiting where effect.isCancelled && seen.waiting:
          return "after \"\(step)\": effect \(n) started its work although it was cancelled first"
        case .running where !seen.waiting:
          pending.append("effect \(n) should be running and waiting for a command")
        case .ended where seen.entered && !seen.exited:
          pending.append("effect \(n) should have ended")
        default:
          break
        }
        if effect.phase == .waiting, !effect.isCancelled, !restarts.contains(n) {
          pending.append("effect \(n) should wait for the effects it displaced \(effect.displaced)")
        } else if effect.phase != .waiting, restarts.contains(n) {
          pending.append("effect \(n) should no longer wait for the effects it displaced")
        }
      }
      let alive = runtime.runningCount
      if !reference.aliveCount.contains(alive) {
        pending.append("the runtime counts \(alive) effects, expected \(reference.aliveCount)")
      }
      if pending.isEmpty { return nil }
      guard clock.now - start < deadline else {
        return "after \"\(step)\": \(pending.joined(separator: "; "))"
      }
      rounds += 1
      if rounds < 200 {
        await Task.yield()
      } else {
        try? await Task.sleep(for: .milliseconds(1))
      }
    }
  }
}

extension RunningEffect {
  /// The number of the program's effect this is, from the action that started it.
  @MainActor fileprivate var programEffect: Int? {
    (origin as? ActionOrigin<EffectAction>)?.action.spec?.n
  }
}
