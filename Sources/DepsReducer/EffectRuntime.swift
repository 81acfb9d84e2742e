import DepsCore

/// The effects one root store (a ``Store`` or a `TestStore`) runs: their tasks, their
/// cancellation ids (one registry per root, so two stores never touch each other's effects), and
/// the release of everything when the store goes away.
///
/// One lock guards the registry, the list of running effects, and the mutable fields of every
/// ``RunningEffect`` and ``EffectGroup`` of this runtime, so that starting, displacing and ending
/// an effect each take it once. `@unchecked Sendable` for that reason: every `var` here is reached
/// only inside ``withLock(_:)``. Nothing under the lock runs user code: tasks are cancelled and
/// waiters resumed after it is released.
@usableFromInline
package final class EffectRuntime: @unchecked Sendable {
  private let lock = PlatformLock()
  private var byCancelID: [EffectCancelID: OneOrMore<RunningEffect>] = [:]
  /// The running effects, a list threaded through them: no allocation, no hashing.
  private var first: RunningEffect?
  private var count = 0
  private var isReleased = false

  package init() {}

  /// `body` must not run user code.
  @inline(__always)
  func withLock<R>(_ body: () throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// Some thread holds the lock: the caller, since nothing else takes it around such a read.
  @inline(__always)
  func assertLocked() {
    assert(lock.isLocked, "Deps: an effect's state was reached without its runtime's lock.")
  }

  // For the tests: nothing left behind, ended ids forgotten.
  package var runningCount: Int { withLock { count } }
  package var registeredIDCount: Int { withLock { byCancelID.count } }

  /// Effects whose task waits for one it displaced: tests tell them from unscheduled tasks.
  package var waitingRestarts: [RunningEffect] {
    withLock {
      var waiting: [RunningEffect] = []
      var effect = first
      while let current = effect {
        if let awaited = current.awaited, !awaited.isFinished { waiting.append(current) }
        effect = current.next
      }
      return waiting
    }
  }

  /// Hands the effect's `.send` actions to `sendNow` in order and starts its asynchronous work in
  /// tasks of `group`.
  ///
  /// Inlinable, so that it is specialized with the store's action type: looping over the
  /// operations of an unspecialized effect asks the runtime for generic metadata every time.
  ///
  /// - Parameters:
  ///   - group: Made here as soon as an operation needs one; an effect that only cancels leaves
  ///     it `nil`.
  ///   - send: Each task's work gets a copy bound to its effect, so that the store drops what it
  ///     sends once it is cancelled.
  @MainActor @inlinable
  package func start<Action>(
    _ effect: Effect<Action>,
    group: inout EffectGroup?,
    origin: any EffectOrigin,
    send: Send<Action>,
    sendNow: (Action, EffectGroup) -> Void
  ) {
    for operation in effect.operations {
      switch operation {
      case .send(let action):
        sendNow(action, made(&group))
      case .cancel(let id):
        cancel(id: id)
      case .run(let priority, let cancelID, let operation):
        launch(
          priority: priority, cancelID: cancelID, group: made(&group), parent: nil, origin: origin,
          send: send, run: operation)
      case .task(let priority, let cancelID, let work):
        launch(
          priority: priority, cancelID: cancelID, group: made(&group), parent: nil, origin: origin,
          send: send, work: work)
      }
    }
  }

  @usableFromInline func made(_ group: inout EffectGroup?) -> EffectGroup {
    if let group { return group }
    let made = EffectGroup(runtime: self)
    group = made
    return made
  }

  /// Runs a `.run` operation and reports an error that nothing caught.
  @usableFromInline
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
      let action = await current.origin.describe()
      runtimeWarn(EffectWarning.uncaughtError(error, action: action))
    }
  }

  /// Runs an effect inside a running one (`concatenate`, a nested `cancellable`): `.send` actions
  /// in order, everything else as it comes.
  @usableFromInline
  package static func perform<Action: Sendable>(_ effect: Effect<Action>, send: Send<Action>) async {
    guard let parent = RunningEffect.current else { return }
    // One run, mostly a concatenated step: in this task, with no task group.
    if effect.operations.count == 1, case .run(_, nil, let operation) = effect.operations[0] {
      return await run(operation, send: send)
    }
    await withTaskGroup(of: Void.self) { tasks in
      for operation in effect.operations {
        switch operation {
        case .send(let action):
          await send(action)
        case .cancel(let id):
          parent.runtime.cancel(id: id)
        case .run(let priority, nil, let operation):
          tasks.addTask(priority: priority) { await run(operation, send: send) }
        case .run(let priority, let cancelID?, let operation):
          let child = parent.runtime.launch(
            priority: priority, cancelID: cancelID, group: parent.group, parent: parent,
            origin: parent.origin, send: send, run: operation)
          tasks.addTask { await child.waitCancellingWithTask() }
        case .task(let priority, nil, let work):
          tasks.addTask(priority: priority) { await work(send) }
        case .task(let priority, let cancelID?, let work):
          let child = parent.runtime.launch(
            priority: priority, cancelID: cancelID, group: parent.group, parent: parent,
            origin: parent.origin, send: send, work: work)
          tasks.addTask { await child.waitCancellingWithTask() }
        }
      }
    }
  }

  /// They stay under `id` until they end: a `cancelInFlight` effect started meanwhile waits.
  @usableFromInline
  package func cancel(id: EffectCancelID) {
    let tasks = withLock {
      var tasks = OneOrMore<Task<Void, Never>>()
      byCancelID[id]?.forEach { effect in
        if let task = effect.markCancelled() { tasks.append(task) }
      }
      return tasks
    }
    // Cancelling runs cancellation handlers (user code): outside the lock.
    tasks.forEach { $0.cancel() }
  }

  /// Cancels every running effect; effects started later run as usual.
  package func cancelRunning() {
    cancelEverything(release: false)
  }

  /// Cancels everything and refuses new work, for a store that is gone.
  package func cancelAll() {
    cancelEverything(release: true)
  }

  private func cancelEverything(release: Bool) {
    let tasks = withLock {
      guard release else { return runningTasks { _ in true } }
      // No effect registers from now on, so none waits for these: the registry can go.
      isReleased = true
      byCancelID.removeAll()
      return runningTasks { effect in
        effect.isRegistered = false
        return true
      }
    }
    tasks.forEach { $0.cancel() }
  }

  /// Also marks `group`, so that the effects joining it later start cancelled.
  func cancel(_ group: EffectGroup) {
    let tasks = withLock {
      group.isCancelledFlag = true
      return group.runningCount == 0 ? OneOrMore() : runningTasks { $0.group === group }
    }
    tasks.forEach { $0.cancel() }
  }

  /// Under the lock. The effects stay under their id until they end, as with `cancel(id:)`.
  private func runningTasks(_ isPicked: (RunningEffect) -> Bool) -> OneOrMore<Task<Void, Never>> {
    var tasks = OneOrMore<Task<Void, Never>>()
    var effect = first
    while let current = effect {
      if isPicked(current) {
        if let task = current.markCancelled() { tasks.append(task) }
      }
      effect = current.next
    }
    return tasks
  }

  /// Inlinable, so that the task's closure holds the operation itself: one allocation.
  @inlinable @discardableResult
  func launch<Action>(
    priority: TaskPriority?, cancelID: EffectCancellation?, group: EffectGroup,
    parent: RunningEffect?, origin: any EffectOrigin, send: Send<Action>,
    run operation: @escaping @Sendable (Send<Action>) async throws -> Void
  ) -> RunningEffect {
    let (effect, displaced) = begin(cancelID: cancelID, group: group, parent: parent, origin: origin)
    let task = Task(priority: priority) {
      await self.runTask(of: effect, after: displaced) {
        await EffectRuntime.run(operation, send: send.bound(to: effect))
      }
    }
    return attach(task, to: effect)
  }

  @inlinable @discardableResult
  func launch<Action>(
    priority: TaskPriority?, cancelID: EffectCancellation?, group: EffectGroup,
    parent: RunningEffect?, origin: any EffectOrigin, send: Send<Action>,
    work: @escaping @Sendable (Send<Action>) async -> Void
  ) -> RunningEffect {
    let (effect, displaced) = begin(cancelID: cancelID, group: group, parent: parent, origin: origin)
    let task = Task(priority: priority) {
      await self.runTask(of: effect, after: displaced) { await work(send.bound(to: effect)) }
    }
    return attach(task, to: effect)
  }

  /// Registers a new effect; returns it and the effects it displaced, which its task must wait for.
  @usableFromInline
  func begin(
    cancelID: EffectCancellation?, group: EffectGroup, parent: RunningEffect?,
    origin: any EffectOrigin
  ) -> (RunningEffect, OneOrMore<RunningEffect>) {
    let effect = RunningEffect(
      runtime: self, group: group, parent: parent, origin: origin, cancelID: cancelID?.id)
    // Displacing the old effects and registering the new one is one step under the lock: no
    // cancel can land between them, and the new effect is never in the set it cancels.
    let (displaced, tasks) = withLock { register(effect, cancellation: cancelID) }
    tasks.forEach { $0.cancel() }
    return (effect, displaced)
  }

  /// An effect cancelled before its task was attached cancels it now.
  @usableFromInline
  func attach(_ task: Task<Void, Never>, to effect: RunningEffect) -> RunningEffect {
    let isCancelled = withLock {
      effect.task = task
      return effect.isCancelledFlag
    }
    if isCancelled { task.cancel() }
    return effect
  }

  @usableFromInline
  func runTask(
    of effect: RunningEffect, after displaced: OneOrMore<RunningEffect>, work: () async -> Void
  ) async {
    // No window in which the old and the new run together. Never an enclosing effect, which
    // waits for this one: `register` leaves it out.
    await displaced.asyncForEach { old in await old.wait(by: effect) }
    if !effect.isCancelled {
      await RunningEffect.$current.withValue(effect) { await work() }
    }
    finished(effect)
  }

  /// Under the lock; returns the tasks to cancel once it is released.
  ///
  /// Under an id are all the effects with that id that have not ended, cancelled or not, except
  /// those a `cancelInFlight` effect displaced: that one waits for them, and leaves only once it
  /// ended, after them. So a `cancelInFlight` effect that waits for the effects under its id
  /// starts after every earlier effect with the id ended.
  private func register(
    _ effect: RunningEffect, cancellation: EffectCancellation?
  ) -> (displaced: OneOrMore<RunningEffect>, tasks: OneOrMore<Task<Void, Never>>) {
    assertLocked()
    effect.next = first
    first?.previous = effect
    first = effect
    count += 1
    effect.group.runningCount += 1
    if isReleased || effect.group.isCancelledFlag { effect.isCancelledFlag = true }
    guard let cancellation, !isReleased else { return (OneOrMore(), OneOrMore()) }
    effect.isRegistered = true
    guard cancellation.cancelInFlight else {
      byCancelID[cancellation.id, default: OneOrMore()].append(effect)
      return (OneOrMore(), OneOrMore())
    }
    let displaced = byCancelID.updateValue(OneOrMore(effect), forKey: cancellation.id) ?? OneOrMore()
    var tasks = OneOrMore<Task<Void, Never>>()
    displaced.forEach { old in
      old.isRegistered = false
      if let task = old.markCancelled() { tasks.append(task) }
    }
    guard effect.parent != nil else { return (displaced, tasks) }
    return (keepEnclosing(displaced, of: effect, id: cancellation.id), tasks)
  }

  /// Puts the effects of `displaced` that `effect` runs inside (a `cancellable` nested in one
  /// with the same id) back under `id`: they wait for `effect`, so it cannot wait for them, and
  /// the next `cancelInFlight` effect with `id` must. Returns the others. Under the lock.
  private func keepEnclosing(
    _ displaced: OneOrMore<RunningEffect>, of effect: RunningEffect, id: EffectCancelID
  ) -> OneOrMore<RunningEffect> {
    assertLocked()
    var awaited = OneOrMore<RunningEffect>()
    displaced.forEach { old in
      guard effect.isDescendant(of: old) else { return awaited.append(old) }
      old.isRegistered = true
      byCancelID[id, default: OneOrMore()].append(old)
    }
    return awaited
  }

  private func finished(_ effect: RunningEffect) {
    let (waiters, groupWaiters) = withLock {
      assert(effect.previous != nil || first === effect, "Deps: an effect left the list twice.")
      if let previous = effect.previous { previous.next = effect.next } else { first = effect.next }
      effect.next?.previous = effect.previous
      effect.next = nil
      effect.previous = nil
      count -= 1
      // Not registered when a `cancelInFlight` effect displaced it or the store went.
      if effect.isRegistered, let id = effect.cancelID, let index = byCancelID.index(forKey: id) {
        byCancelID.values[index].removeAll { $0 === effect }
        if byCancelID.values[index].isEmpty { byCancelID.remove(at: index) }
      }
      effect.isRegistered = false
      effect.isFinished = true
      effect.task = nil
      effect.awaited = nil
      let group = effect.group
      group.runningCount -= 1
      return (effect.waiters.take(), group.runningCount == 0 ? group.waiters.take() : OneOrMore())
    }
    waiters.forEach { $0.resume() }
    groupWaiters.forEach { $0.resume() }
  }
}

/// A cancellation id as the registry keys it: equal when `AnyHashable` says so, with the hash
/// taken once and a fast comparison of two ids of the same type.
@usableFromInline package struct EffectCancelID: Hashable, Sendable {
  private let value: any Hashable & Sendable
  private let hashed: Int

  @usableFromInline
  package init(_ id: some Hashable & Sendable) {
    value = id
    hashed = AnyHashable(id).hashValue
  }

  @usableFromInline
  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.hashed == rhs.hashed && isEqual(lhs.value, rhs.value)
  }

  @usableFromInline
  package func hash(into hasher: inout Hasher) {
    hasher.combine(hashed)
  }

  // Same type: the type's own `==`, which is what `AnyHashable` compares then. Different types
  // (say, two integer types): `AnyHashable`, which may still call them equal.
  private static func isEqual<Left: Hashable & Sendable>(
    _ lhs: Left, _ rhs: any Hashable & Sendable
  ) -> Bool {
    if type(of: rhs) == Left.self, let rhs = rhs as? Left { return lhs == rhs }
    return AnyHashable(lhs) == AnyHashable(rhs)
  }
}

@usableFromInline package struct EffectCancellation: Sendable {
  package let id: EffectCancelID
  package let cancelInFlight: Bool

  @usableFromInline
  package init(id: EffectCancelID, cancelInFlight: Bool) {
    self.id = id
    self.cancelInFlight = cancelInFlight
  }
}
