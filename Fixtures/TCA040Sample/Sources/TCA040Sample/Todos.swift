import ComposableDeps  // was: import ComposableArchitecture
import Foundation

// TCA 0.40's Todos example, abridged: `forEach` over an identified array, a cancellable `.task`
// that sorts completed todos a second after the last toggle, and analytics fired and forgotten.

struct Todo: Equatable, Identifiable {
  var description = ""
  let id: UUID
  var isComplete = false

  init(description: String = "", id: UUID, isComplete: Bool = false) {
    self.description = description
    self.id = id
    self.isComplete = isComplete
  }
}

enum TodoAction: Equatable {
  case checkBoxToggled
  case textFieldChanged(String)
}

// A ComposableEnvironment (was: struct TodoEnvironment {}), so that TodosApp.swift can pull
// `todoReducer` back without an environment: closure, as a swift-composable-environment app does.
final class TodoEnvironment: ComposableEnvironment {}

let todoReducer = Reducer<Todo, TodoAction, TodoEnvironment> { todo, action, _ in
  switch action {
  case .checkBoxToggled:
    todo.isComplete.toggle()
    return .none

  case .textFieldChanged(let description):
    todo.description = description
    return .none
  }
}

struct TodosState: Equatable {
  var todos: IdentifiedArrayOf<Todo> = []

  init(todos: IdentifiedArrayOf<Todo> = []) { self.todos = todos }
}

enum TodosAction: Equatable {
  case addTodoButtonTapped
  case clearCompletedButtonTapped
  case sortCompletedTodos
  case todo(id: Todo.ID, action: TodoAction)
}

struct TodosEnvironment {
  var clock: any Clock<Duration>  // was: var mainQueue: AnySchedulerOf<DispatchQueue>
  var track: @Sendable (String) async throws -> Void
  var uuid: @Sendable () -> UUID

  init(
    clock: any Clock<Duration>, track: @escaping @Sendable (String) async throws -> Void,
    uuid: @escaping @Sendable () -> UUID
  ) {
    self.clock = clock
    self.track = track
    self.uuid = uuid
  }
}

let todosReducer = Reducer<TodosState, TodosAction, TodosEnvironment>.combine(
  todoReducer.forEach(
    state: \.todos,
    action: /TodosAction.todo(id:action:),
    environment: { _ in TodoEnvironment() }
  ),
  Reducer { state, action, environment in
    switch action {
    case .addTodoButtonTapped:
      state.todos.insert(Todo(id: environment.uuid()), at: 0)
      return .fireAndForget { try await environment.track("Todo added") }

    case .clearCompletedButtonTapped:
      state.todos.removeAll(where: \.isComplete)
      return .none

    case .sortCompletedTodos:
      state.todos.sort { $1.isComplete && !$0.isComplete }
      return .none

    case .todo(id: _, action: .checkBoxToggled):
      enum TodoCompletionID {}
      return .task {
        // was: try await environment.mainQueue.sleep(for: .seconds(1))
        try await environment.clock.sleep(for: .seconds(1))
        return .sortCompletedTodos
      }
      .cancellable(id: TodoCompletionID.self, cancelInFlight: true)

    case .todo:
      return .none
    }
  }
)
