import ComposableDeps
import IdentifiedCollections
import TodoModels

/// A row's environment: the clock its reminders sleep on.
public final class TodoEnvironment: ComposableEnvironment {
  @Dependency(\.continuousClock) var clock
}

/// One row: toggling, and a reminder that the clock fires.
public let todoReducer = Reducer<Todo, TodoAction, TodoEnvironment> { todo, action, environment in
  switch action {
  case .toggled:
    todo.isComplete.toggle()
    return .none

  case .remindLaterTapped:
    let clock = environment.clock
    return .run { send in
      try await clock.sleep(for: .seconds(10))
      await send(.reminderFired)
    }
    .cancellable(id: ReminderID(todo: todo.id))

  case .reminderFired:
    todo.reminders += 1
    return .none
  }
}

/// The list: its rows in swift-identified-collections' `IdentifiedArrayOf`.
public struct TodosState: Equatable, Sendable {
  public var todos: IdentifiedArrayOf<Todo>

  /// Creates the list.
  public init(todos: IdentifiedArrayOf<Todo> = []) { self.todos = todos }
}

/// The list's actions: a row's, by id and action as TCA 0.40 names them, and a removal.
public enum TodosAction: Equatable, Sendable {
  case todo(id: Todo.ID, action: TodoAction)
  case deleteTapped(id: Todo.ID)
}

/// The list's environment; each row's is derived from it (an environment-less `forEach`).
public final class TodosEnvironment: ComposableEnvironment {
  @Derived var todo: TodoEnvironment
}

/// Removes a row, first cancelling what it runs (Docs/Effects.md): the row's reminder would
/// otherwise fire for a row that is gone.
private let removal = Reducer<TodosState, TodosAction, TodosEnvironment> { state, action, _ in
  switch action {
  case .todo:
    return .none

  case .deleteTapped(let id):
    state.todos.remove(id: id)
    return .cancel(id: ReminderID(todo: id))
  }
}

/// The list with the environment-less `forEach`: each row's `TodoEnvironment` is derived from
/// the list's environment.
public let todosReducer = Reducer<TodosState, TodosAction, TodosEnvironment>.combine(
  todoReducer.forEach(state: \.todos, action: /TodosAction.todo(id:action:)),
  removal
)

/// The same list with `forEach(state:action:environment:)`, the environment given by a key path.
public let todosReducerWithEnvironment = Reducer<TodosState, TodosAction, TodosEnvironment>.combine(
  todoReducer.forEach(state: \.todos, action: /TodosAction.todo(id:action:), environment: \.todo),
  removal
)
