import DepsCore

/// One task of an effect: whether it was cancelled, who waits for it to end, and the
/// ``StoreTask`` it belongs to.
///
/// `@unchecked Sendable`: every `var` is read and written only under its runtime's lock (see
/// ``EffectRuntime``).
@usableFromInline
package final class RunningEffect: @unchecked Sendable {
  /// The effect whose task is running the current code; `nil` outside effects.
  @TaskLocal package static var current: RunningEffect?

  let runtime: EffectRuntime
  package let group: EffectGroup
  let parent: RunningEffect?
  let origin: any EffectOrigin
  let cancelID: EffectCancelID?

  var isCancelledFlag = false
  var isFinished = false
  /// Still in the registry under `cancelID`: not displaced by a `cancelInFlight` effect (which
  /// waits for it), nor dropped with the registry of a released store. Cancelled or not.
  var isRegistered = false
  var task: Task<Void, Never>?
  var waiters = OneOrMore<UnsafeContinuation<Void, Never>>()
  /// The displaced effect this one's task waits for, or waited for last; `nil` once this one
  /// ended, so that it holds the displaced effects no longer than its task does.
  var awaited: RunningEffect?
  var next: RunningEffect?
  /// Unowned: `previous.next` holds it.
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

  /// Whether this effect, one it runs inside, or its group was cancelled: checked also once it
  /// ended, since code it left running goes on with its `Send`.
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

  /// Under the lock; returns the task to cancel once it is released (cancelling runs
  /// cancellation handlers, which are user code).
  func markCancelled() -> Task<Void, Never>? {
    runtime.assertLocked()
    isCancelledFlag = true
    return task
  }

  func cancel() {
    runtime.withLock { markCancelled() }?.cancel()
  }

  func waitCancellingWithTask() async {
    await withTaskCancellationHandler {
      await wait()
    } onCancel: {
      cancel()
    }
  }

  /// For a `TestClock`, which waits for an effect it woke to sleep again or end.
  package var hasEnded: Bool {
    runtime.withLock { isFinished }
  }

  package func describeOrigin() async -> String {
    await origin.describe()
  }

  /// - Parameter restart: The effect that displaced this one, when it is the one that waits.
  func wait(by restart: RunningEffect? = nil) async {
    // Unsafe continuation: resumed exactly once, here or by the runtime's `finished`, which takes
    // every waiter out of the list under the lock.
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

/// The action that started an effect, for warnings that name it.
@usableFromInline
package protocol EffectOrigin: Sendable {
  func describe() async -> String
}

package struct DescribedOrigin: EffectOrigin {
  let description: String

  package init(_ description: String) {
    self.description = description
  }

  package func describe() async -> String { description }
}

/// The effects one ``Store/send(_:)`` started, and the effects of every action they sent.
///
/// `@unchecked Sendable` as ``RunningEffect``: guarded by its runtime's lock. It only counts its
/// effects; cancelling finds them in the runtime's list.
@usableFromInline
package final class EffectGroup: @unchecked Sendable {
  let runtime: EffectRuntime
  var runningCount = 0
  var isCancelledFlag = false
  var waiters = OneOrMore<UnsafeContinuation<Void, Never>>()

  package init(runtime: EffectRuntime) {
    self.runtime = runtime
  }

  package var isCancelled: Bool { runtime.withLock { isCancelledFlag } }

  /// Cancels every effect of the group, and those that join it later.
  package func cancel() {
    runtime.cancel(self)
  }

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

  func asyncForEach(_ body: (Element) async -> Void) async {
    guard let first else { return }
    await body(first)
    for element in rest { await body(element) }
  }

  mutating func take() -> Self {
    defer { self = Self() }
    return self
  }
}

extension OneOrMore: Sendable where Element: Sendable {}
