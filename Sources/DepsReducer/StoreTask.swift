/// What one ``Store/send(_:)`` started: the effects of the action and of every action they send.
///
/// ```swift
/// let task = store.send(.refresh)
/// await task.finish()      // every effect of the refresh ended
/// ```
///
/// A send whose action started no effect (it returned ``Effect/none``, or only cancelled) returns
/// a task with nothing to run: ``finish()`` returns at once, ``cancel()`` does nothing, and
/// ``isCancelled`` stays `false`. Every task, with effects or not, is equal only to itself and its
/// copies: two sends never return equal tasks.
public struct StoreTask: Hashable, Sendable {
  // The effects; `nil` when the send started none (then nothing can join later: the send's
  // actions were all handled before it returned).
  @usableFromInline let group: EffectGroup?
  // Tells the sends apart: no two sends of the process have the same number.
  @usableFromInline let serial: UInt64

  @inlinable @MainActor
  init(group: EffectGroup?) {
    self.group = group
    storeTaskSerial &+= 1
    self.serial = storeTaskSerial
  }

  /// Cancels the effects: they stop at their next cancellation check and send nothing more.
  ///
  /// ```swift
  /// let task = store.send(.startTimer)
  /// task.cancel()
  /// ```
  public func cancel() {
    group?.cancel()
  }

  /// Returns when every effect the action started, and every effect of the actions they sent,
  /// ended.
  ///
  /// Cancelling the task that waits cancels the effects (and `finish` returns once they ended), so
  /// a SwiftUI `.task` modifier ties an action's effects to a view's lifetime:
  ///
  /// ```swift
  /// await store.send(.loadTapped).finish()
  /// ```
  public func finish() async {
    guard let group else { return }
    await withTaskCancellationHandler {
      await group.finish()
    } onCancel: {
      group.cancel()
    }
  }

  /// Whether ``cancel()`` was called; always `false` for a send that started no effect.
  public var isCancelled: Bool { group?.isCancelled ?? false }

  /// Whether two tasks are the same send's.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.serial == rhs.serial }

  /// Hashes the identity of the send.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(serial)
  }
}

/// The number of the last ``StoreTask``: every send takes the next one. Main-actor isolated, like
/// every `Store`; only ever incremented, so its reads and writes are plain (no exclusivity check).
@MainActor @exclusivity(unchecked) @usableFromInline var storeTaskSerial: UInt64 = 0
