import DepsTesting
import GlobalDeps
import IdentifiedCollections
import IdentifiedGlobalFeatures
import Testing
import TodoModels

// GlobalDeps' environment-less `forEach` over an `IdentifiedArrayOf`.

@MainActor
@Suite struct IdentifiedGlobalTests {
  @Test func rowsAreReachedByIDAndTheirEffectsSendToThem() async {
    let clock = TestClock()
    await withDependencies {
      $0.continuousClock = clock
    } operation: {
      let store = TestStore(
        initialState: GlobalTodosState(todos: [Todo(id: 7, title: "Call"), Todo(id: 8, title: "Write")]),
        reducer: globalTodosReducer, environment: GlobalTodosEnvironment())
      await store.send(.todo(8, .toggled)) { $0.todos[id: 8]?.isComplete = true }
      await store.send(.todo(7, .remindLaterTapped))
      await clock.advance(by: .seconds(10))
      await store.receive(.todo(7, .reminderFired)) { $0.todos[id: 7]?.reminders = 1 }
      await store.finish()
    }
  }
}
