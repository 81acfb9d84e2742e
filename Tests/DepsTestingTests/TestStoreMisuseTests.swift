import DepsReducer
import DepsTesting
import Testing

// A TestStore fails the test where the reducers it runs only warn in an app: an action for a
// child state that is absent.

private enum ParentAction: Equatable, Sendable { case child(ChildAction) }
private enum ChildAction: Equatable, Sendable { case tap }

@MainActor
@Suite struct TestStoreMisuseTests {
  @Test func anActionForAbsentChildStateFailsTheTest() async {
    let child = Reducer<Int, ChildAction, Void> { state, _, _ in
      state += 1
      return .none
    }
    let parent = child.optional().pullback(
      state: \Int?.self, action: /ParentAction.child, environment: { (_: Void) in () })
    await expectFailures([
      """
      An action was sent to optional state that is nil.

        Action: ChildAction.tap
        State: Optional<Int>

      A reducer made with optional() runs only while its state is non-nil, so the action was \
      ignored. To fix: send these actions only while the state is non-nil (cancel the child's \
      effects before setting it to nil), or combine the child reducer before the reducer that \
      sets the state to nil.
      """
    ]) {
      let store = TestStore(initialState: nil, reducer: parent, environment: ())
      await store.send(.child(.tap))
      await store.finish()
    }
  }
}
