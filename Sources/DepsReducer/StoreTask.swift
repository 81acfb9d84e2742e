/// What one ``Store/send(_:)`` started: the effects of the action and of every action they send.
///
/// A send that started no effect returns a task with nothing to run: ``finish()`` returns at
/// once, ``cancel()`` does nothing. Two sends never return equal tasks.
public struct StoreTask: Hashable, Sendable {
  // `nil` when the send started no effect: then nothing can join later, since the send's actions
  // were all handled before it returned.
  @usableFromInline let group: EffectGroup?
  @usableFromInline let serial: UInt64

  @inlinable @MainActor
  init(group: EffectGroup?) {
    self.group = group
    storeTaskSerial &+= 1
    self.serial = storeTaskSerial
  }

  /// Cancels the effects: they stop at their next cancellation check and send nothing more.
  public func cancel() {
    group?.cancel()
  }

  /// Returns when every effect ended. Cancelling the waiting task cancels the effects, so that a
  /// SwiftUI `.task` modifier ties an action's effects to a view's lifetime.
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

/// Main-actor isolated, like every `Store`, and only ever incremented: no exclusivity check.
@MainActor @exclusivity(unchecked) @usableFromInline var storeTaskSerial: UInt64 = 0
