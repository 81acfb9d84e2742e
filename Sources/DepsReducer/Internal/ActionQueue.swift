/// The actions a store has yet to handle, with the group each belongs to: one queue type for
/// `Store` and `TestStore`, so that both handle actions in the same order.
///
/// Actions sent while one is handled (an effect's `.send`, code observing the state) wait their
/// turn: a drain started inside a drain returns at once, and the outer one handles them, in order.
/// Taking an action is O(1); the storage is emptied once the queue drains.
@MainActor
package final class ActionQueue<Action> {
  private var pending: [(action: Action, group: EffectGroup)] = []
  private var head = 0
  private var isDraining = false

  package init() {}

  /// Queues `action`, started by the send that `group` covers.
  package func append(_ action: Action, group: EffectGroup) {
    pending.append((action, group))
  }

  /// Hands `action` to `handle` at once when nothing is queued or being handled (the common
  /// case, which then touches no storage), else queues it; then drains as ``drain(_:)`` does.
  package func handle(
    _ action: Action, group: EffectGroup, _ handle: (Action, EffectGroup) -> Void
  ) {
    guard !isDraining, head == pending.count else {
      append(action, group: group)
      return drain(handle)
    }
    isDraining = true
    handle(action, group)
    isDraining = false
    if head < pending.count { drain(handle) }
  }

  /// Hands every queued action to `handle`, in order, including those queued meanwhile; does
  /// nothing when called from inside `handle`.
  package func drain(_ handle: (Action, EffectGroup) -> Void) {
    guard !isDraining else { return }
    isDraining = true
    defer {
      isDraining = false
      if !pending.isEmpty { pending.removeAll(keepingCapacity: true) }
      head = 0
    }
    while head < pending.count {
      let (action, group) = pending[head]
      head += 1
      handle(action, group)
    }
  }
}
