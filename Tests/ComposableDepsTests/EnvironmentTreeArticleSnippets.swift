import ComposableDeps
import Testing

// The code of the DocC articles "Building an environment tree" and "Environment-less pullbacks"
// (ComposableDeps.docc), compiled so the docs cannot rot.

enum EnvironmentTreeArticle {
  final class AppEnvironment: ComposableEnvironment {
    @Dependency(\.mainScheduler) var mainScheduler
    @Derived var counter: CounterEnvironment
    // A subtree with its own value; everything else is inherited.
    @Derived var preview = CounterEnvironment().with(\.mainScheduler, .immediate)
  }

  final class CounterEnvironment: ComposableEnvironment {
    @Dependency(\.mainScheduler) var mainScheduler
  }

  struct AppState: Equatable, Sendable {
    var counter = CounterState()
  }

  enum AppAction: Equatable, Sendable {
    case counter(CounterAction)
  }

  struct CounterState: Equatable, Sendable {
    var count = 0
    var scheduledOn = ""
  }

  enum CounterAction: Equatable, Sendable {
    case increment
  }

  static let counterReducer = Reducer<CounterState, CounterAction, CounterEnvironment> {
    state, action, environment in
    switch action {
    case .increment:
      state.count += 1
      state.scheduledOn = environment.mainScheduler.name
      return .none
    }
  }

  // No `environment:` argument: the CounterEnvironment is derived from the AppEnvironment.
  static let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
    counterReducer.pullback(state: \.counter, action: /AppAction.counter)
  )
}

@Suite struct EnvironmentTreeArticleSnippets {
  typealias AppEnvironment = EnvironmentTreeArticle.AppEnvironment

  @Test func valuesHoldForTheNodeAndItsDescendants() {
    let app = AppEnvironment().with(\.mainScheduler, Scheduler(name: "app"))
    #expect(app.counter.mainScheduler.name == "app")  // inherited from the root
    #expect(app.preview.mainScheduler == .immediate)  // set on the subtree
  }

  @Test func descendantsReadAncestorsAtReadTime() {
    let app = AppEnvironment()
    #expect(app.counter.mainScheduler == .main)
    app.with(\.mainScheduler, .immediate)  // after the tree was read
    #expect(app.counter.mainScheduler == .immediate)
  }

  @Test func environmentlessPullbackDerivesTheChildPerParent() {
    typealias AppState = EnvironmentTreeArticle.AppState
    let reducer = EnvironmentTreeArticle.appReducer
    let one = AppEnvironment().with(\.mainScheduler, Scheduler(name: "one"))
    let two = AppEnvironment().with(\.mainScheduler, Scheduler(name: "two"))
    var first = AppState()
    var second = AppState()
    _ = reducer.run(&first, .counter(.increment), one)
    _ = reducer.run(&second, .counter(.increment), two)
    #expect(first.counter.scheduledOn == "one")
    #expect(second.counter.scheduledOn == "two")
  }
}
