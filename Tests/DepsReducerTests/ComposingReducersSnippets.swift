import DepsReducer
import Testing

// The code of the DocC article "Composing reducers" (DepsReducer.docc/ComposingReducers.md),
// compiled so the docs cannot rot.

enum ComposingReducers {
  struct TodoState: Equatable, Identifiable, Sendable {
    var id: Int
    var title = ""
    var isDone = false
  }

  enum TodoAction: Equatable, Sendable {
    case toggle
    case rename(String)
  }

  struct TodoEnvironment: Sendable {}

  static let todoReducer = Reducer<TodoState, TodoAction, TodoEnvironment> { state, action, _ in
    switch action {
    case .toggle:
      state.isDone.toggle()
      return .none
    case .rename(let title):
      state.title = title
      return .none
    }
  }

  struct ListState: Equatable, Sendable {
    var todos: [TodoState] = []
    var doneCount = 0
  }

  enum ListAction: Equatable, Sendable {
    case todo(Int, TodoAction)
    case clearDone
  }

  struct ListEnvironment: Sendable {
    var todo = TodoEnvironment()
  }

  static let listReducer = Reducer<ListState, ListAction, ListEnvironment>.combine(
    // Runs the todo reducer on the todo whose id the action carries.
    todoReducer.forEach(state: \.todos, action: /ListAction.todo, environment: \.todo),
    // Runs after it, on the whole list.
    Reducer { state, action, _ in
      switch action {
      case .todo:
        state.doneCount = state.todos.filter(\.isDone).count
        return .none
      case .clearDone:
        state.todos.removeAll(where: \.isDone)
        state.doneCount = 0
        return .none
      }
    }
  )
}

@Suite struct ComposingReducersSnippets {
  @Test func forEachThenParentReducer() {
    var state = ComposingReducers.ListState(todos: [.init(id: 1), .init(id: 2)])
    let environment = ComposingReducers.ListEnvironment()
    _ = ComposingReducers.listReducer.run(&state, .todo(2, .toggle), environment)
    #expect(state.todos.map(\.isDone) == [false, true])
    #expect(state.doneCount == 1)
    _ = ComposingReducers.listReducer.run(&state, .clearDone, environment)
    #expect(state.todos.map(\.id) == [1])
  }
}
