/// The actions a store has yet to handle, with the group each belongs to: one queue type for
/// `Store` and `TestStore`, so that both handle actions in the same order.
///
/// Actions sent while one is handled (an effect's `.send`, code observing the state) wait their
/// turn: a drain started inside a drain returns at once, and the outer one handles them, in order.
/// Taking an action is O(1); the storage is emptied once the queue drains.
///
/// The fields are read and written only on the main actor, each access a plain load or store (or
/// an append that runs no user code), so exclusivity is not checked at run time.
@MainActor @usableFromInline
package final class ActionQueue<Action> {
  @exclusivity(unchecked) @usableFromInline var pending: [(action: Action, group: EffectGroup)] = []
  @exclusivity(unchecked) @usableFromInline var head = 0
  @exclusivity(unchecked) @usableFromInline var isDraining = false

  package init() {}

  /// Whether an action sent now can be handled at once: none is being handled, none waits.
  @inlinable var isIdle: Bool { !isDraining && head == pending.count }

  /// Starts handling an action sent while the queue was idle: actions sent meanwhile wait.
  @inlinable func startHandling() {
    // The invariant that keeps the reducer from running re-entrantly.
    assert(isIdle, "Deps: an action was handled while another was.")
    isDraining = true
  }

  /// Ends the handling begun by ``startHandling()``; returns whether actions were queued
  /// meanwhile (``drain(_:)`` them next).
  @inlinable func stopHandling() -> Bool {
    isDraining = false
    return head < pending.count
  }

  /// Queues `action`, started by the send that `group` covers.
  @usableFromInline
  package func append(_ action: Action, group: EffectGroup) {
    pending.append((action, group))
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
