// The names the doc-comment examples of a GlobalDeps-side file use without declaring them.

struct Scheduler: Sendable, Equatable, ExpressibleByStringLiteral, CustomStringConvertible {
  var name: String
  static let main: Scheduler = "main"
  static let immediate: Scheduler = "immediate"
  init(stringLiteral name: String) { self.name = name }
  var description: String { name }
}

struct APIClient: Sendable {
  var name: String
  var fetch: @Sendable () -> String
  static let live = APIClient(name: "live", fetch: { "live" })
  static let mock = APIClient(name: "mock", fetch: { "mock" })
}

extension APIClient: DependencyKey {
  static let defaultValue = APIClient.live
}

struct NumberFactClient: Sendable {
  var fetch: @Sendable (Int) -> String
  static let live = NumberFactClient { "\($0) is a number." }
  static let mock = NumberFactClient { "\($0) is a mock." }
}

enum MainQueueKey: DependencyKey { static let defaultValue = Scheduler.main }
enum MainKey: DependencyKey { static let defaultValue = Scheduler.main }
enum IntKey: DependencyKey { static let defaultValue = 0 }
enum NumberFactClientKey: DependencyKey { static let defaultValue = NumberFactClient.live }

extension Dependencies {
  var mainQueue: Scheduler {
    get { self[MainQueueKey.self] }
    set { self[MainQueueKey.self] = newValue }
  }
  var main: Scheduler {
    get { self[MainKey.self] }
    set { self[MainKey.self] = newValue }
  }
  var int: Int {
    get { self[IntKey.self] }
    set { self[IntKey.self] = newValue }
  }
  var numberFact: NumberFactClient {
    get { self[NumberFactClientKey.self] }
    set { self[NumberFactClientKey.self] = newValue }
  }
  var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}

// Environments and models.

struct CounterEnvironment: GlobalEnvironment {
  @Dependency(\.numberFact) var numberFact
}
struct FactEnvironment: GlobalEnvironment {
  @Dependency(\.main) var main
}
struct AppEnvironment: GlobalEnvironment {
  @Dependency(\.mainQueue) var mainQueue
  @Dependency(\.apiClient) var apiClient
}
struct LegacyModel {
  @Dependency(\.main) var main
}
struct FeatureModel {
  @Dependency(\.numberFact) var numberFact
  func loadFact() -> String { numberFact.fetch(1) }
}
final class ChildModel {
  @Dependency(\.apiClient) var apiClient
  func load() async {}
}
final class ParentModel {
  @Dependency(\.apiClient) var apiClient
}
final class RefreshingModel: Sendable {
  func refresh() async {}
}

// Reducers.

struct CounterState: Equatable, Sendable { var count = 0 }
enum CounterAction: Equatable, Sendable { case increment, factButtonTapped }
let counterReducer = Reducer<CounterState, CounterAction, CounterEnvironment> { state, _, _ in
  state.count += 1
  return .none
}
struct Todo: Equatable, Identifiable, Sendable { var id: Int }
enum TodoAction: Equatable, Sendable { case toggle }
struct TodoEnvironment: GlobalEnvironment {}
let todoReducer = Reducer<Todo, TodoAction, TodoEnvironment> { _, _, _ in .none }
struct AppState: Equatable, Sendable {
  var counter = CounterState()
  var todos: [Todo] = []
}
enum AppAction: Equatable, Sendable {
  case counter(CounterAction)
  case todo(Todo.ID, TodoAction)
}

// Values the statement examples read.

@MainActor var store: Store<CounterState, CounterAction, CounterEnvironment> { fatalError() }
@MainActor let parent = ParentModel()
let model = RefreshingModel()
var dependencies: EscapedDependencies { fatalError() }
