import ComposableDeps
import DepsTesting
import ExampleFeatures
import Foundation
import Testing

@MainActor
@Suite struct TodosFeatureTests {
  static let monday = Date(timeIntervalSince1970: 1_700_000_000)

  @Test func addingTodosGivesEachANewIdentifier() async {
    let store = TestStore(
      initialState: TodosState(), reducer: todosReducer,
      environment: TodosEnvironment().with(\.uuid, .incrementing))
    await store.send(.addButtonTapped) { $0.todos = [Todo(id: UUID(0))] }
    await store.send(.addButtonTapped) { $0.todos = [Todo(id: UUID(1)), Todo(id: UUID(0))] }
    await store.finish()
  }

  @Test func rowsReadTheClockSetOnTheList() async {
    // The rows' environment is derived by `forEach`: the date set on the list reaches them.
    let store = TestStore(
      initialState: TodosState(todos: [Todo(id: UUID(0), title: "Buy milk")]),
      reducer: todosReducer,
      environment: TodosEnvironment().with(\.date, .constant(Self.monday)))
    await store.send(.todo(id: UUID(0), action: .checkboxTapped)) {
      $0.todos[0].completedAt = Self.monday
    }
    await store.send(.todo(id: UUID(0), action: .checkboxTapped)) { $0.todos[0].completedAt = nil }
    await store.finish()
  }

  @Test func clearCompletedRemovesOnlyCompletedTodos() async {
    let store = TestStore(
      initialState: TodosState(todos: [
        Todo(id: UUID(0), title: "Buy milk", completedAt: Self.monday),
        Todo(id: UUID(1), title: "Walk the dog"),
      ]),
      reducer: todosReducer, environment: TodosEnvironment())
    await store.send(.todo(id: UUID(1), action: .titleChanged("Walk the cat"))) {
      $0.todos[1].title = "Walk the cat"
    }
    await store.send(.clearCompletedButtonTapped) {
      $0.todos = [Todo(id: UUID(1), title: "Walk the cat")]
    }
    await store.finish()
  }

  @Test func incrementingIdentifiersCountUp() {
    let uuid = UUIDGenerator.incrementing
    #expect(uuid() == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
    #expect(uuid() == UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
    #expect(UUID(26) == UUID(uuidString: "00000000-0000-0000-0000-00000000001A"))
  }
}
