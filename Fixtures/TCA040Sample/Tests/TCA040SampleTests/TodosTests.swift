import ComposableDeps  // was: import ComposableArchitecture
import DepsTesting  // (TCA's TestStore came with ComposableArchitecture)
import Foundation
import XCTest

@testable import TCA040Sample

@MainActor
final class TodosTests: XCTestCase {
  let clock = TestClock()  // was: let mainQueue = DispatchQueue.test

  func testAddTodo() async {
    let events = ActorIsolated<[String]>([])
    let store = TestStore(
      initialState: TodosState(),
      reducer: todosReducer,
      environment: TodosEnvironment(
        clock: clock,
        track: { event in await events.withValue { $0.append(event) } },
        uuid: { UUID(uuidString: "00000000-0000-0000-0000-000000000000")! }
      )
    )

    await store.send(.addTodoButtonTapped) {
      $0.todos.insert(
        Todo(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!), at: 0)
    }
    await store.finish()
    let tracked = await events.value
    XCTAssertEqual(tracked, ["Todo added"])
  }

  func testCompletingTodosSortsThemAfterASecond() async {
    let state = TodosState(
      todos: [
        Todo(description: "Milk", id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!),
        Todo(description: "Eggs", id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!),
      ]
    )
    let store = TestStore(
      initialState: state,
      reducer: todosReducer,
      environment: TodosEnvironment(clock: clock, track: { _ in }, uuid: { UUID() })
    )

    await store.send(.todo(id: state.todos[0].id, action: .checkBoxToggled)) {
      $0.todos[id: state.todos[0].id]?.isComplete = true
    }
    await clock.advance(by: .milliseconds(500))
    // A second toggle within the second cancels the first sort and starts another.
    await store.send(.todo(id: state.todos[1].id, action: .checkBoxToggled)) {
      $0.todos[id: state.todos[1].id]?.isComplete = true
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(.todo(id: state.todos[0].id, action: .textFieldChanged("Oat milk"))) {
      $0.todos[id: state.todos[0].id]?.description = "Oat milk"
    }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.sortCompletedTodos)
  }

  func testClearCompleted() async {
    let state = TodosState(
      todos: [
        Todo(description: "Milk", id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!),
        Todo(
          description: "Eggs", id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
          isComplete: true),
      ]
    )
    let store = TestStore(
      initialState: state,
      reducer: todosReducer,
      environment: TodosEnvironment(clock: clock, track: { _ in }, uuid: { UUID() })
    )

    await store.send(.clearCompletedButtonTapped) {
      $0.todos = [state.todos[0]]
    }
  }
}
