import ComposableDeps  // was: import ComposableArchitecture
import DepsTesting  // (TCA's TestStore came with ComposableArchitecture)
import Foundation
import XCTest

@testable import TCA040Sample

@MainActor
final class TodosAppTests: XCTestCase {
  let clock = TestClock()  // was: let mainQueue = DispatchQueue.test

  func testAddAndCompleteTodos() async {
    let store = TestStore(
      initialState: AppState(),
      reducer: appReducer,
      environment: AppEnvironment().with(\.continuousClock, clock).with(\.uuid, .incrementing)
    )

    await store.send(.addTodoButtonTapped) {
      $0.todos.insert(Todo(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!), at: 0)
    }
    await store.send(.addTodoButtonTapped) {
      $0.todos.insert(Todo(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!), at: 0)
    }
    let second = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    await store.send(.todo(id: second, action: .checkBoxToggled)) {
      $0.todos[id: second]?.isComplete = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.sortCompletedTodos) {
      $0.todos = [
        Todo(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!),
        Todo(id: second, isComplete: true),
      ]
    }
  }

  // TCA 0.40's view-state tests scope the test store: here, to what a footer shows.
  func testScopedToAViewState() async {
    struct FooterState: Equatable {
      var completedCount: Int
      init(state: AppState) { completedCount = state.todos.filter(\.isComplete).count }
    }
    let id = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
    let store = TestStore(
      initialState: AppState(todos: [Todo(id: id)]),
      reducer: appReducer,
      environment: AppEnvironment().with(\.continuousClock, clock)
    )
    .scope(state: FooterState.init(state:))

    await store.send(.todo(id: id, action: .checkBoxToggled)) {
      $0.completedCount = 1
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.sortCompletedTodos)
  }
}
