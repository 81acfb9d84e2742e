// The names the doc-comment examples of a ComposableDeps-side file use without declaring them.

// MARK: Services and dependencies

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
  static let unimplemented = APIClient(
    name: "unimplemented", fetch: DepsCore.unimplemented("APIClient.fetch", placeholder: ""))
}

struct NumberFactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
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
}

enum Analytics {
  static func start() {}
}

struct SearchID: Hashable, Sendable {}

func load() async throws -> [String] { [] }

// MARK: A counter

struct CounterState: Equatable, Sendable {
  var count = 0
  var fact: String?
}

enum CounterAction: Equatable, Sendable {
  case increment
  case factTapped
  case factLoaded(String)
}

final class CounterEnvironment: ComposableEnvironment {
  var fact: @Sendable (Int) async throws -> String = { "\($0) is a number" }
  @Dependency(\.mainQueue) var mainQueue

  convenience init(fact: @escaping @Sendable (Int) async throws -> String) {
    self.init()
    self.fact = fact
  }

  static var live: CounterEnvironment { CounterEnvironment() }
}

let counterReducer = Reducer<CounterState, CounterAction, CounterEnvironment> {
  state, action, environment in
  switch action {
  case .increment:
    state.count += 1
    return .none
  case .factTapped:
    return .run { [count = state.count, fact = environment.fact] send in
      await send(.factLoaded(try await fact(count)))
    }
  case .factLoaded(let fact):
    state.fact = fact
    return .none
  }
}

// MARK: Todos, rooms, search, a detail screen, logged-in and logged-out screens

struct Todo: Equatable, Identifiable, Sendable {
  var id: UUID
  var completedAt: Date?
}
enum TodoAction: Equatable, Sendable { case toggle }
final class TodoEnvironment: ComposableEnvironment {}
let todoReducer = Reducer<Todo, TodoAction, TodoEnvironment> { todo, _, _ in
  todo.completedAt = todo.completedAt == nil ? Date() : nil
  return .none
}
struct TodosState: Equatable, Sendable { var todos: [Todo] = [] }
final class TodosEnvironment: ComposableEnvironment {
  @Dependency(\.uuid) var uuid
  @Dependency(\.date) var date
  @Derived var todo: TodoEnvironment
}

struct RoomState: Equatable, Sendable { var name = "" }
enum RoomAction: Equatable, Sendable { case rename(String) }
final class RoomEnvironment: ComposableEnvironment {}
let roomReducer = Reducer<RoomState, RoomAction, RoomEnvironment> { state, action, _ in
  if case .rename(let name) = action { state.name = name }
  return .none
}
struct RoomsState: Equatable, Sendable { var rooms: [String: RoomState] = [:] }
final class RoomsEnvironment: ComposableEnvironment {
  @Derived var room: RoomEnvironment
}

struct SearchState: Equatable, Sendable {
  var query = ""
  var results: [String] = []
}
enum SearchAction: Equatable, Sendable {
  case queryChanged(String)
  case resultsLoaded([String])
}
final class SearchEnvironment: ComposableEnvironment {
  @Dependency(\.continuousClock) var clock
}
let searchReducer = Reducer<SearchState, SearchAction, SearchEnvironment> {
  state, action, environment in
  switch action {
  case .queryChanged(let query):
    state.query = query
    return .run { send in await send(.resultsLoaded([query])) }
      .debounce(id: SearchID(), for: .milliseconds(300), clock: environment.clock)
  case .resultsLoaded(let results):
    state.results = results
    return .none
  }
}

struct DetailState: Equatable, Sendable { var title = "" }
enum DetailAction: Equatable, Sendable { case rename(String) }
final class DetailEnvironment: ComposableEnvironment {}
let detailReducer = Reducer<DetailState, DetailAction, DetailEnvironment> { _, _, _ in .none }

struct HomeState: Equatable, Sendable {}
enum HomeAction: Equatable, Sendable { case logoutTapped }
final class HomeEnvironment: ComposableEnvironment {}
let homeReducer = Reducer<HomeState, HomeAction, HomeEnvironment> { _, _, _ in .none }
struct LoginState: Equatable, Sendable {}
enum LoginAction: Equatable, Sendable { case loginTapped }
final class LoginEnvironment: ComposableEnvironment {}
let loginReducer = Reducer<LoginState, LoginAction, LoginEnvironment> { _, _, _ in .none }

final class FactEnvironment: ComposableEnvironment {
  @Dependency(\.main) var main
}
final class FeatureEnvironment: ComposableEnvironment {
  @Dependency(\.main) var main
}

// MARK: The app

struct ChildAction: Equatable, Sendable {}

struct AppState: Equatable, Sendable {
  var counter = CounterState()
  var todos: [Todo] = []
  var detail: DetailState?
  var demo: CounterState?
}

enum AppAction: Equatable, Sendable {
  case counter(CounterAction)
  case todo(Todo.ID, TodoAction)
  case detail(DetailAction)
  case demo(CounterAction)
  case home(HomeAction)
  case login(LoginAction)
  case child(ChildAction)
  case tapped
  case logout
  case onAppear
}

final class AppEnvironment: ComposableEnvironment {
  @Derived var counter: CounterEnvironment
  @Derived var detail: DetailEnvironment
  @Derived var home: HomeEnvironment
  @Derived var login: LoginEnvironment

  static var test: AppEnvironment { AppEnvironment() }
}

let coreReducer = Reducer<AppState, AppAction, AppEnvironment> { _, _, _ in .none }
let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
  counterReducer.pullback(state: \.counter, action: /AppAction.counter),
  coreReducer
)
let featureReducer = coreReducer
let featureReducers = [coreReducer]
let childReducers = coreReducer
let featureEnabled = true

enum Screen: Equatable, Sendable { case counter(CounterState) }
enum ScreenAction: Equatable, Sendable { case counter(CounterAction) }

// MARK: One feature with every action the effect examples send

struct FeatureState: Equatable, Sendable {
  var count = 0
  var ticks = 0
  var query = ""
  var fact: String?
  var items: [String] = []
  var results: [String] = []
  var todos: [Todo] = []
}

enum FeatureAction: Equatable, Sendable {
  case increment, reset, setCount(Int)
  case refresh, refreshTapped, loadTapped, load(Int), loaded([String]), failed(String)
  case started, step(Int), startTimer, tick, timerTicked, onAppear
  case queryChanged(String), results([String]), cancelTapped
  case factTapped, factButtonTapped, factLoaded(String)
}

final class FeatureEnvironmentForEffects: ComposableEnvironment {
  struct API: Sendable { var fetch: @Sendable () async throws -> [String] }
  var api = API { [] }
  var search: @Sendable (String) async throws -> [String] = { [$0] }
  var numberFact: @Sendable (Int) async throws -> String = { "\($0)" }
  @Dependency(\.continuousClock) var clock
}

// MARK: Values the statement examples read

@MainActor var store: Store<FeatureState, FeatureAction, FeatureEnvironmentForEffects> {
  fatalError()
}
@MainActor var appStore: Store<AppState, AppAction, AppEnvironment> { fatalError() }
@MainActor var screenStore: Store<Screen, ScreenAction, AppEnvironment> { fatalError() }
@MainActor var state = FeatureState()
@MainActor var todo = Todo(id: UUID())
@MainActor var environment: TodosEnvironment { TodosEnvironment() }
@MainActor var send: Send<FeatureAction> { fatalError() }
let value: [String] = []
let ids = [1, 2]
let steps = [1, 2]
let childEffect = Effect<ChildAction>.none
