import ComposableDeps
import Foundation

/// The state of the todo list.
public struct TodosState: Equatable, Sendable {
  /// The todos, newest first.
  public var todos: [Todo] = []

  /// Creates a todo list.
  ///
  /// - Parameter todos: The todos it starts with, newest first.
  public init(todos: [Todo] = []) {
    self.todos = todos
  }
}

/// What happens in the todo list: list actions, and the actions of each row.
public enum TodosAction: Equatable, Sendable {
  /// The user tapped "Add": a new, empty todo goes on top.
  case addButtonTapped
  /// The user removed every completed todo.
  case clearCompletedButtonTapped
  /// An action of the row whose todo has identifier `id`.
  case todo(id: UUID, action: TodoAction)
}

/// The services of the todo list: identifiers for new todos. Its rows get their
/// ``TodoEnvironment`` derived from it.
public final class TodosEnvironment: ComposableEnvironment {
  /// Makes identifiers for new todos.
  @Dependency(\.uuid) public var uuid
}

/// The logic of the todo list: adds and clears todos, and runs ``todoReducer`` for each row.
///
/// `forEach(state:action:)` has no `environment:` argument: each row's ``TodoEnvironment`` is
/// derived from the list's environment, so the rows read the values set on the list or above it.
public let todosReducer = Reducer<TodosState, TodosAction, TodosEnvironment>.combine(
  todoReducer.forEach(state: \.todos, action: /TodosAction.todo(id:action:)),
  Reducer { state, action, environment in
    switch action {
    case .addButtonTapped:
      state.todos.insert(Todo(id: environment.uuid()), at: 0)
      return .none

    case .clearCompletedButtonTapped:
      state.todos.removeAll(where: \.isComplete)
      return .none

    case .todo:
      return .none
    }
  }
)
