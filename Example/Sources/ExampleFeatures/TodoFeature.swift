import ComposableDeps
import Foundation

/// One todo: a row of the todo list.
public struct Todo: Equatable, Identifiable, Sendable {
  /// Identifies the todo in the list and in ``TodosAction/todo(id:action:)``.
  public let id: UUID
  /// What to do.
  public var title: String
  /// When the todo was marked complete; `nil` while it is not.
  public var completedAt: Date?

  /// Whether the todo is done.
  public var isComplete: Bool { completedAt != nil }

  /// Creates a todo.
  ///
  /// - Parameters:
  ///   - id: The todo's identifier, usually from ``Dependencies/uuid``.
  ///   - title: What to do.
  ///   - completedAt: When it was completed, or `nil`.
  public init(id: UUID, title: String = "", completedAt: Date? = nil) {
    self.id = id
    self.title = title
    self.completedAt = completedAt
  }
}

/// What happens in a todo row.
public enum TodoAction: Equatable, Sendable {
  /// The user edited the title.
  case titleChanged(String)
  /// The user tapped the checkbox.
  case checkboxTapped
}

/// The services of a todo row: the clock that dates completions.
///
/// The todo list's ``todosReducer`` runs ``todoReducer`` with an environment-less `forEach`, which
/// derives this environment from ``TodosEnvironment``: rows see the list's values.
public final class TodoEnvironment: ComposableEnvironment {
  /// Tells when a todo was completed.
  @Dependency(\.date) public var date
}

/// The logic of a todo row: edits its title, and toggles it complete with the date it was done.
public let todoReducer = Reducer<Todo, TodoAction, TodoEnvironment> { todo, action, environment in
  switch action {
  case .titleChanged(let title):
    todo.title = title
    return .none

  case .checkboxTapped:
    todo.completedAt = todo.isComplete ? nil : environment.date.now
    return .none
  }
}
