import DepsCore

/// One task of an effect: whether it was cancelled, who waits for it to end, and the
/// ``StoreTask`` it belongs to.
package final class RunningEffect: Sendable {
  private struct State {
    var id: UInt64 = 0
    var isCancelled = false
    var isFinished = false
    var task: Task<Void, Never>?
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  /// The effect whose task is running the current code; `nil` outside effects.
  @TaskLocal package static var current: RunningEffect?

  let runtime: EffectRuntime
  package let group: EffectGroup
  let parent: RunningEffect?
  /// Describes the action that started the effect, for warnings.
  let origin: @Sendable () async -> String
  private let state = Locked(State())

  init(
    runtime: EffectRuntime, group: EffectGroup, parent: RunningEffect?,
    origin: @escaping @Sendable () async -> String
  ) {
    self.runtime = runtime
    self.group = group
    self.parent = parent
    self.origin = origin
  }

  /// The registry's key for this effect.
  var id: UInt64 {
    get { state.withLock { $0.id } }
    set { state.withLock { $0.id = newValue } }
  }

  /// Whether this effect, or one it runs inside, was cancelled. A cancelled effect sends nothing.
  package var isCancelled: Bool {
    if state.withLock({ $0.isCancelled }) { return true }
    return parent?.isCancelled ?? false
  }

  func isDescendant(of other: RunningEffect) -> Bool {
    var current = parent
    while let effect = current {
      if effect === other { return true }
      current = effect.parent
    }
    return false
  }

  func attach(_ task: Task<Void, Never>) {
    let isCancelled = state.withLock { state in
      state.task = task
      return state.isCancelled
    }
    if isCancelled { task.cancel() }
  }

  /// Marks the effect cancelled and cancels its task.
  func cancel() {
    let task = state.withLock { state -> Task<Void, Never>? in
      state.isCancelled = true
      return state.task
    }
    task?.cancel()
  }

  func markFinished() {
    let waiters = state.withLock { state in
      state.isFinished = true
      state.task = nil
      defer { state.waiters.removeAll() }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns when the effect's task has ended.
  func wait() async {
    await withCheckedContinuation { continuation in
      let isFinished = state.withLock { state in
        if !state.isFinished { state.waiters.append(continuation) }
        return state.isFinished
      }
      if isFinished { continuation.resume() }
    }
  }
}

/// The effects one ``Store/send(_:)`` started, and the effects of every action they sent.
@usableFromInline
package final class EffectGroup: Sendable {
  private struct State {
    var running: [ObjectIdentifier: RunningEffect] = [:]
    var isCancelled = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Locked(State())

  /// Creates an empty group.
  package init() {}

  /// Whether ``cancel()`` was called.
  package var isCancelled: Bool { state.withLock { $0.isCancelled } }

  func enter(_ effect: RunningEffect) {
    let isCancelled = state.withLock { state in
      state.running[ObjectIdentifier(effect)] = effect
      return state.isCancelled
    }
    if isCancelled { effect.cancel() }
  }

  func leave(_ effect: RunningEffect) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.running[ObjectIdentifier(effect)] = nil
      guard state.running.isEmpty else { return [] }
      defer { state.waiters.removeAll() }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Cancels every effect of the group, and those that join it later.
  package func cancel() {
    let running = state.withLock { state in
      state.isCancelled = true
      return Array(state.running.values)
    }
    for effect in running { effect.cancel() }
  }

  /// Whether no effect of the group is running.
  package var isFinished: Bool { state.withLock { $0.running.isEmpty } }

  /// Returns when no effect of the group is running.
  package func finish() async {
    await withCheckedContinuation { continuation in
      let isDone = state.withLock { state in
        if !state.running.isEmpty { state.waiters.append(continuation) }
        return state.running.isEmpty
      }
      if isDone { continuation.resume() }
    }
  }
}
