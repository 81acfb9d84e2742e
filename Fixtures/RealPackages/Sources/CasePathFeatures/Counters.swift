import CasePaths
import ComposableDeps

// A module that imports swift-case-paths beside the library. `/Action.case` and the library's
// `pullback` and `forEach` compile unchanged: swift-case-paths' `/` returns its `AnyCasePath`,
// which no parameter of the library takes, so the library's `/` is the one chosen. The type name
// `CasePath` is the one clash (swift-case-paths declares a protocol of that name); one line
// declares which `CasePath` this module means (Docs/MigratingFromTCA.md).
typealias CasePath = DepsReducer.CasePath

extension DepsReducer.CasePath {
  /// This library's case path for a swift-case-paths case key path (`\Action.Cases.counter`):
  /// the bridge that hands a case key path to `pullback` and `forEach`.
  init(_ keyPath: CaseKeyPath<Root, Value>) {
    self.init(embed: AnyCasePath(keyPath).embed, extract: AnyCasePath(keyPath).extract)
  }
}

/// A counter.
public struct CounterState: Equatable, Identifiable, Sendable {
  public var id: Int
  public var count = 0

  /// Creates a counter at zero.
  public init(id: Int, count: Int = 0) {
    self.id = id
    self.count = count
  }
}

/// What a counter does; `@CasePathable`, as an app on swift-case-paths 1.x declares its actions.
@CasePathable
public enum CounterAction: Equatable, Sendable {
  case incremented
  case added(Int)
}

/// A counter's environment.
public final class CounterEnvironment: ComposableEnvironment {}

/// A counter's reducer.
public let counterReducer = Reducer<CounterState, CounterAction, CounterEnvironment> {
  state, action, _ in
  switch action {
  case .incremented: state.count += 1
  case .added(let amount): state.count += amount
  }
  return .none
}

/// A screen of counters: one on its own, and rows by id.
public struct CountersState: Equatable, Sendable {
  public var featured = CounterState(id: 0)
  public var rows: [CounterState] = []

  /// Creates the screen.
  public init(featured: CounterState = CounterState(id: 0), rows: [CounterState] = []) {
    self.featured = featured
    self.rows = rows
  }
}

/// The screen's actions, `@CasePathable` too: its cases have case key paths.
@CasePathable
public enum CountersAction: Equatable, Sendable {
  case featured(CounterAction)
  case row(Int, CounterAction)
  case byKeyPath(CounterAction)
  case rowByKeyPath(Int, CounterAction)
  case byAnyCasePath(CounterAction)
}

/// The screen's environment.
public final class CountersEnvironment: ComposableEnvironment {
  @Derived var counter: CounterEnvironment
}

/// The same child reached each way a module on swift-case-paths may write it: the library's `/`,
/// a case key path through the bridge, and an `AnyCasePath` through the library's
/// `CasePath(embed:extract:)`.
public let countersReducer = Reducer<CountersState, CountersAction, CountersEnvironment>.combine(
  counterReducer.pullback(state: \.featured, action: /CountersAction.featured),
  counterReducer.forEach(state: \.rows, action: /CountersAction.row),
  counterReducer.pullback(state: \.featured, action: CasePath(\.byKeyPath)),
  counterReducer.forEach(state: \.rows, action: CasePath(\.rowByKeyPath), environment: \.counter),
  counterReducer.pullback(
    state: \.featured,
    action: CasePath(AnyCasePath(\.byAnyCasePath)),
    environment: \.counter
  )
)

extension DepsReducer.CasePath {
  /// This library's case path for a swift-case-paths `AnyCasePath`.
  init(_ path: AnyCasePath<Root, Value>) {
    self.init(embed: path.embed, extract: path.extract)
  }
}

/// A case path of this module's own, named by the type: `CasePath` here is the library's (the
/// `typealias` above), so the declaration is not ambiguous.
public let featuredPath: DepsReducer.CasePath<CountersAction, CounterAction> = {
  let path: CasePath<CountersAction, CounterAction> = /CountersAction.featured
  return path
}()
