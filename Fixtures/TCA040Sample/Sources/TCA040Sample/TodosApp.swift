import ComposableDeps  // was: import ComposableArchitecture
import Foundation

// TCA 0.40's Todos example, abridged, as a swift-composable-environment app writes it: its
// environments are `ComposableEnvironment`s, so `forEach` takes no `environment:` closure and the
// app's dependencies are `@Dependency` properties.

struct AppState: Equatable {
  var todos: IdentifiedArrayOf<Todo> = []

  init(todos: IdentifiedArrayOf<Todo> = []) { self.todos = todos }
}

enum AppAction: Equatable {
  case addTodoButtonTapped
  case sortCompletedTodos
  case todo(id: Todo.ID, action: TodoAction)
}

final class AppEnvironment: ComposableEnvironment {
  @Dependency(\.continuousClock) var clock  // was: var mainQueue: AnySchedulerOf<DispatchQueue>
  @Dependency(\.uuid) var uuid
}

let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
  todoReducer.forEach(
    state: \.todos,
    action: /AppAction.todo(id:action:)
  ),
  Reducer { state, action, environment in
    switch action {
    case .addTodoButtonTapped:
      state.todos.insert(Todo(id: environment.uuid()), at: 0)
      return .none

    case .sortCompletedTodos:
      state.todos.sort { $1.isComplete && !$0.isComplete }
      return .none

    case .todo(id: _, action: .checkBoxToggled):
      enum TodoCompletionID {}
      return .task { [clock = environment.clock] in
        // was: try await environment.mainQueue.sleep(for: .seconds(1))
        try await clock.sleep(for: .seconds(1))
        return .sortCompletedTodos
      }
      .cancellable(id: TodoCompletionID.self, cancelInFlight: true)

    case .todo:
      return .none
    }
  }
)
