import Testing

@testable import DepsReducer

/// An effect that does nothing holds no array, however it was made: a pullback then drops a
/// child's `.none` without a release.
@Suite struct EffectStorageTests {
  @Test func anEffectOfNoWorkHoldsNoArray() {
    #expect(Effect<Int>.none.nonEmptyOperations == nil)
    #expect(Effect<Int>(operations: []).nonEmptyOperations == nil)
    #expect(Effect<Int>.merge(.none, .none).nonEmptyOperations == nil)
    #expect(Effect<Int>.merge([]).nonEmptyOperations == nil)
    #expect(Effect<Int>.none.map { "\($0)" }.nonEmptyOperations == nil)
    #expect(Effect<Int>.none.cancellable(id: 1).nonEmptyOperations == nil)
    var emptied = Effect<Int>.send(1)
    emptied.operations = []
    #expect(emptied.nonEmptyOperations == nil)
    #expect(emptied.isNone)
  }

  @Test func anEffectOfWorkHoldsItsOperations() {
    let effect = Effect<Int>.merge(.send(1), .none, .send(2))
    #expect(effect.nonEmptyOperations?.count == 2)
    #expect(!effect.isNone)
    #expect(effect.map { $0 * 10 }.nonEmptyOperations?.count == 2)
  }

  @Test func aPullbackOfNoWorkReturnsNone() {
    struct Parent { var child = 0 }
    enum ParentAction { case child(Int) }
    let child = Reducer<Int, Int, Void> { state, action, _ in
      state += action
      return action > 0 ? .none : .send(1)
    }
    let parent: Reducer<Parent, ParentAction, Void> = child.pullback(
      state: \Parent.child, action: /ParentAction.child, environment: { _ in })
    var state = Parent()
    #expect(parent.run(&state, .child(2), ()).isNone)
    #expect(state.child == 2)
    let sent = parent.run(&state, .child(0), ())
    guard case .send(.child(1))? = sent.operations.first else {
      Issue.record("expected the child's send, mapped: got \(sent.operations)")
      return
    }
  }
}
