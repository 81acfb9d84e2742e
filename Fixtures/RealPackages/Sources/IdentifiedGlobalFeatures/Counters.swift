import GlobalDeps
import IdentifiedCollections
import TodoModels

/// A row's environment, made with `init()` by the environment-less `forEach`.
public struct TodoRowEnvironment: GlobalEnvironment {
  @Dependency(\.continuousClock) var clock

  /// Creates the environment.
  public init() {}
}

/// One row in a `GlobalDeps` app: toggling, and a reminder that the clock fires.
public let globalTodoReducer = Reducer<Todo, TodoAction, TodoRowEnvironment> {
  todo, action, environment in
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

/// The list's state: rows in an `IdentifiedArrayOf`.
public struct GlobalTodosState: Equatable, Sendable {
  public var todos: IdentifiedArrayOf<Todo>

  /// Creates the list.
  public init(todos: IdentifiedArrayOf<Todo> = []) { self.todos = todos }
}

/// The list's actions: a row's id and action in an unlabeled payload.
public enum GlobalTodosAction: Equatable, Sendable {
  case todo(Todo.ID, TodoAction)
}

/// The list's environment.
public struct GlobalTodosEnvironment: GlobalEnvironment {
  /// Creates the environment.
  public init() {}
}

/// The list with `GlobalDeps`' environment-less `forEach`.
public let globalTodosReducer: Reducer<GlobalTodosState, GlobalTodosAction, GlobalTodosEnvironment> =
  globalTodoReducer.forEach(state: \.todos, action: /GlobalTodosAction.todo)
