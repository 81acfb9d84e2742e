import DepsCore

/// One task of an effect: whether it was cancelled, who waits for it to end, and the
/// ``StoreTask`` it belongs to.
///
/// Its mutable fields are guarded by its runtime's lock (one lock for the registry, every record
/// and every group of a store: starting, displacing and ending an effect each take it once).
/// `@unchecked Sendable` for that reason: every `var` below is read and written only inside
/// `EffectRuntime.withLock`, which asserts that it holds the lock where it matters.
@usableFromInline
package final class RunningEffect: @unchecked Sendable {
  /// The effect whose task is running the current code; `nil` outside effects.
  @TaskLocal package static var current: RunningEffect?

  let runtime: EffectRuntime
  package let group: EffectGroup
  let parent: RunningEffect?
  /// Describes the action that started the effect, for warnings.
  let origin: any EffectOrigin
  /// The id the effect is registered under, if any.
  let cancelID: EffectCancelID?

  // Guarded by `runtime`'s lock.
  var isCancelledFlag = false
  var isFinished = false
  /// Still in the registry under `cancelID`: not displaced by a `cancelInFlight` effect (which
  /// waits for it), nor dropped with the registry of a released store. Cancelled or not.
  var isRegistered = false
  var task: Task<Void, Never>?
  var waiters = OneOrMore<UnsafeContinuation<Void, Never>>()
  /// The displaced effect whose end this one's task waits for, or waited for last; `nil` once
  /// this one ended. (Its task holds the displaced effects until then: this holds them no longer.)
  var awaited: RunningEffect?
  /// The runtime's list of running effects.
  var next: RunningEffect?
  /// The runtime's list of running effects, backwards. Unowned: `previous.next` holds it.
  unowned(unsafe) var previous: RunningEffect?

  init(
    runtime: EffectRuntime, group: EffectGroup, parent: RunningEffect?, origin: any EffectOrigin,
    cancelID: EffectCancelID?
  ) {
    self.runtime = runtime
    self.group = group
    self.parent = parent
    self.origin = origin
    self.cancelID = cancelID
  }

  /// Whether this effect, or one it runs inside, was cancelled, or its group was (also once it
  /// ended: the code it left running, a callback, goes on with its `Send`). A cancelled effect
  /// sends nothing.
  package var isCancelled: Bool {
    runtime.withLock {
      if group.isCancelledFlag { return true }
      var effect: RunningEffect? = self
      while let current = effect {
        if current.isCancelledFlag { return true }
        effect = current.parent
      }
      return false
    }
  }

  func isDescendant(of other: RunningEffect) -> Bool {
    var current = parent
    while let effect = current {
      if effect === other { return true }
      current = effect.parent
    }
    return false
  }

  /// Marks the effect cancelled, under the runtime's lock; returns the task to cancel once the
  /// lock is released (cancelling runs cancellation handlers, which are user code).
  func markCancelled() -> Task<Void, Never>? {
    runtime.assertLocked()
    isCancelledFlag = true
    return task
  }

  /// Marks the effect cancelled and cancels its task.
  func cancel() {
    runtime.withLock { markCancelled() }?.cancel()
  }

  /// Returns when the effect's task has ended; cancelling the waiting task cancels the effect.
  func waitCancellingWithTask() async {
    await withTaskCancellationHandler {
      await wait()
    } onCancel: {
      cancel()
    }
  }

  /// Whether the effect's work has ended (a `TestClock` waits for an effect it woke to sleep
  /// again or end).
  package var hasEnded: Bool {
    runtime.withLock { isFinished }
  }

  /// The action that started the effect, as text, for messages that name the effect.
  package func describeOrigin() async -> String {
    await origin.describe()
  }

  /// Returns when the effect's task has ended.
  ///
  /// - Parameter restart: The effect that displaced this one and waits for it, if that is who
  ///   waits: it records this one as the effect it waits for.
  func wait(by restart: RunningEffect? = nil) async {
    // Unsafe continuation: it is resumed exactly once, either here (already finished) or by the
    // runtime's `finished`, which takes every waiter out of the list under the lock.
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      let hasEnded = runtime.withLock {
        if !isFinished {
          waiters.append(continuation)
          restart?.awaited = self
        }
        return isFinished
      }
      if hasEnded { continuation.resume() }
    }
  }
}

/// Describes the action that started an effect, for warnings that name it.
@usableFromInline
package protocol EffectOrigin: Sendable {
  /// The action, as text.
  func describe() async -> String
}

/// An origin already described.
package struct DescribedOrigin: EffectOrigin {
  let description: String

  /// Wraps a description.
  package init(_ description: String) {
    self.description = description
  }

  /// The description.
  package func describe() async -> String { description }
}

/// The effects one ``Store/send(_:)`` started, and the effects of every action they sent.
///
/// Guarded, like the effects, by its runtime's lock: it counts its running effects, and finds
/// them (to cancel them) in the runtime's list.
@usableFromInline
package final class EffectGroup: @unchecked Sendable {
  let runtime: EffectRuntime
  // Guarded by `runtime`'s lock.
  var runningCount = 0
  var isCancelledFlag = false
  var waiters = OneOrMore<UnsafeContinuation<Void, Never>>()

  /// Creates an empty group of effects that `runtime` runs.
  package init(runtime: EffectRuntime) {
    self.runtime = runtime
  }

  /// Whether ``cancel()`` was called.
  package var isCancelled: Bool { runtime.withLock { isCancelledFlag } }

  /// Cancels every effect of the group, and those that join it later.
  package func cancel() {
    runtime.cancel(self)
  }

  /// Whether no effect of the group is running.
  package var isFinished: Bool { runtime.withLock { runningCount == 0 } }

  /// Returns when no effect of the group is running.
  package func finish() async {
    // Unsafe continuation: resumed exactly once, here or by the runtime's `finished`, which takes
    // every waiter out of the list under the lock when the count reaches zero.
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      let isDone = runtime.withLock {
        if runningCount != 0 { waiters.append(continuation) }
        return runningCount == 0
      }
      if isDone { continuation.resume() }
    }
  }
}

/// A list that holds its first element inline: most lists here hold one (the effect a restart
/// displaces, the one task waiting for an effect), and then allocate nothing.
@usableFromInline
struct OneOrMore<Element> {
  private var first: Element?
  private var rest: [Element] = []

  init() {}

  init(_ element: Element) {
    first = element
  }

  var isEmpty: Bool { first == nil }

  mutating func append(_ element: Element) {
    if first == nil {
      first = element
    } else {
      rest.append(element)
    }
  }

  /// Removes the elements `isRemoved` picks, keeping the order of the others.
  mutating func removeAll(where isRemoved: (Element) -> Bool) {
    var kept = OneOrMore()
    forEach { if !isRemoved($0) { kept.append($0) } }
    self = kept
  }

  func forEach(_ body: (Element) -> Void) {
    guard let first else { return }
    body(first)
    for element in rest { body(element) }
  }

  /// Runs `body` on every element in order, awaiting each.
  func asyncForEach(_ body: (Element) async -> Void) async {
    guard let first else { return }
    await body(first)
    for element in rest { await body(element) }
  }

  /// Moves the elements out, leaving the list empty.
  mutating func take() -> Self {
    defer { self = Self() }
    return self
  }
}

extension OneOrMore: Sendable where Element: Sendable {}
