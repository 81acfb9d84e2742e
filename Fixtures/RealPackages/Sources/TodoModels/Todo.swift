import DepsReducer
import IdentifiedCollections

// The one line an app writes so that `forEach` finds a row of an `IdentifiedArray` by its id (a
// hash lookup) instead of by a scan: `IdentifiedArray` has `index(id:)` already. Once per app, in
// a module its features import: a second module declaring it too would conform the type twice.
extension IdentifiedArray: @retroactive IndexedByID {}

/// A row of a todo list, kept in an `IdentifiedArrayOf<Todo>`.
public struct Todo: Equatable, Identifiable, Sendable {
  public let id: Int
  public var title: String
  public var isComplete: Bool
  /// How many reminders fired; a reminder is an effect that sleeps on the clock.
  public var reminders: Int

  /// Creates a todo.
  public init(id: Int, title: String, isComplete: Bool = false, reminders: Int = 0) {
    self.id = id
    self.title = title
    self.isComplete = isComplete
    self.reminders = reminders
  }
}

/// What a row does.
public enum TodoAction: Equatable, Sendable {
  case toggled
  /// Starts a reminder that fires after ten seconds of the clock.
  case remindLaterTapped
  case reminderFired
}

/// The cancellation id of a row's reminder: the parent cancels it before it removes the row.
public struct ReminderID: Hashable, Sendable {
  public let todo: Todo.ID

  /// The id of the reminder of the row `todo`.
  public init(todo: Todo.ID) { self.todo = todo }
}
