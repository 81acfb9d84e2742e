import ComposableArchitecture
import ComposableEnvironment

struct SearchState: Equatable {
  var query = ""
  var results: [String] = []
  var failure: String?
}

enum SearchAction: Equatable {
  case queryChanged(String)
  case clearTapped
  case loaded([String])
  case failed(String)
}

class SearchEnvironment: ComposableEnvironment {
  @Dependency(\.words) var words
  @Dependency(\.mainQueue) var mainQueue
}

private enum SearchID {}

let searchReducer = Reducer<SearchState, SearchAction, SearchEnvironment> {
  state, action, environment in
  switch action {
  case let .queryChanged(query):
    state.query = query
    guard !query.isEmpty else {
      state.results = []
      return .cancel(id: SearchID.self)
    }
    return Effect.task { [words = environment.words] in
      do {
        return .loaded(try await words.search(query))
      } catch {
        return .failed(String(describing: error))
      }
    }
    .debounce(id: SearchID.self, for: 0.3, scheduler: environment.mainQueue)

  case .clearTapped:
    state.query = ""
    state.results = []
    return .cancel(id: SearchID.self)

  case let .loaded(results):
    state.results = results
    return .none

  case let .failed(message):
    state.failure = message
    return .none
  }
}
