import ComposableDeps
import Testing

// The code of Docs/MigratingFromComposableEnvironment.md, compiled so the guide cannot rot.

enum MigrationGuide {
  final class AppEnvironment: ComposableEnvironment {
    @Dependency(\.mainScheduler) var mainScheduler
    // The original spelling still compiles: DerivedEnvironment is a typealias of Derived.
    @DerivedEnvironment<CounterEnvironment> var counter
    @Derived<LegacyEnvironment>(aliases: { $0.alias(\.legacyScheduler, to: \.mainScheduler) })
    var legacy
  }

  final class CounterEnvironment: ComposableEnvironment {
    @Dependency(\.mainScheduler) var mainScheduler
  }

  final class LegacyEnvironment: ComposableEnvironment {
    @Dependency(\.legacyScheduler) var legacyScheduler
  }

  struct CounterState: Equatable, Sendable { var count = 0 }
  enum CounterAction: Equatable, Sendable {
    case incrementLater
    case increment
  }
  struct AppState: Equatable, Sendable { var counter = CounterState() }
  enum AppAction: Equatable, Sendable { case counter(CounterAction) }

  static let counterReducer = Reducer<CounterState, CounterAction, CounterEnvironment> {
    state, action, environment in
    switch action {
    case .incrementLater:
      return .run { send in
        await send(.increment)
      }
    case .increment:
      state.count += 1
      return .none
    }
  }

  static let appReducer = Reducer<AppState, AppAction, AppEnvironment>.combine(
    counterReducer.pullback(state: \.counter, action: /AppAction.counter)
  )
}

@Suite struct MigrationGuideSnippets {
  @Test func derivedEnvironmentStillCompilesAndInherits() {
    let app = MigrationGuide.AppEnvironment().with(\.mainScheduler, .immediate)
    #expect(app.counter.mainScheduler == .immediate)
    #expect(app.legacy.legacyScheduler == .immediate)  // the parent's override, on first read
  }

  @Test func theReducerRunsThroughAnEnvironmentlessPullback() {
    var state = MigrationGuide.AppState()
    _ = MigrationGuide.appReducer.run(&state, .counter(.increment), MigrationGuide.AppEnvironment())
    #expect(state.counter.count == 1)
  }
}
