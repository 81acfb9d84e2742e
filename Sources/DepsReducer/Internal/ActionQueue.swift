/// The actions a store has yet to handle, with their groups: one type for `Store` and `TestStore`,
/// so that both handle actions in the same order.
///
/// A drain started inside a drain returns at once, and the outer one handles what was queued, in
/// order. Exclusivity unchecked: the fields are reached only on the main actor, each access a
/// plain load or store, or an append that runs no user code.
@MainActor @usableFromInline
package final class ActionQueue<Action> {
  @exclusivity(unchecked) @usableFromInline var pending: [(action: Action, group: EffectGroup)] = []
  @exclusivity(unchecked) @usableFromInline var head = 0
  @exclusivity(unchecked) @usableFromInline var isDraining = false

  package init() {}

  @inlinable var isIdle: Bool { !isDraining && head == pending.count }

  /// Actions sent until ``stopHandling()`` wait.
  @inlinable func startHandling() {
    // What keeps the reducer from running re-entrantly.
    assert(isIdle, "Deps: an action was handled while another was.")
    isDraining = true
  }

  /// Whether actions were queued meanwhile, to ``drain(_:)`` next.
  @inlinable func stopHandling() -> Bool {
    isDraining = false
    return head < pending.count
  }

  @usableFromInline
  package func append(_ action: Action, group: EffectGroup) {
    pending.append((action, group))
  }

  /// Does nothing when called from inside `handle`.
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
