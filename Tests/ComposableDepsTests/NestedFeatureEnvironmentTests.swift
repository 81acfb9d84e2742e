import ComposableDeps
import DepsTestSupport
import DepsTesting
import Testing

// A feature of three levels, each embedding the next twice: values set above reach each level,
// `@Derived` children and environment-less pullbacks derive the children, and an effect reads the
// mocks set at the top.
//
// Ported from swift-composable-environment's example app (Example/Shared: Level0Feature, Level1Feature,
// Level2Feature, SharedDependencies), ported to this API: the same environments, derived
// children and pullbacks. Combine schedulers become the `continuousClock` dependency and its
// `delay` an effect that sleeps on it; the random number generator is `@Sendable`, as Swift 6
// requires of a dependency's value. Its views are SwiftUI and are left out.

// Define some domain-specific dependency
typealias RandomNumberGenerator = @Sendable () -> Int

// Create a Composable Dependency:
private struct RNGKey: DependencyKey {
  static var defaultValue: RandomNumberGenerator {
    { Int.random(in: 0...1000) }
  }
  static var testValue: RandomNumberGenerator { defaultValue }
}

// Install it in `Dependencies`:
extension Dependencies {
  fileprivate var rng: RandomNumberGenerator {
    get { self[RNGKey.self] }
    set { self[RNGKey.self] = newValue }
  }
}

// "Level2" Feature
private struct Level2State: Equatable {
  var randomNumber: Int?
}

private enum Level2Action: Equatable {
  case randomNumber(Int)
  case requestRandomNumber
}

private final class Level2Environment: ComposableEnvironment {
  @Dependency(\.rng) var randomNumberGenerator
}

private let level2Reducer = Reducer<Level2State, Level2Action, Level2Environment> {
  state, action, environment in
  switch action {
  case .randomNumber(let number):
    state.randomNumber = number
    return .none

  case .requestRandomNumber:
    let randomNumberGenerator = environment.randomNumberGenerator
    return .run { send in await send(.randomNumber(randomNumberGenerator())) }
  }
}

// "Level1" Feature, which embeds two similar `Level2` features
private struct Level1State: Equatable {
  var first: Level2State
  var second: Level2State
}

private enum Level1Action: Equatable {
  case first(Level2Action)
  case second(Level2Action)
}

private final class Level1Environment: ComposableEnvironment {
  @DerivedEnvironment<Level2Environment> var first
  @DerivedEnvironment<Level2Environment> var second
}

private let level1Reducer = Reducer<Level1State, Level1Action, Level1Environment>.combine(
  level2Reducer.pullback(
    state: \.first,
    action: /Level1Action.first,
    environment: \.first),
  level2Reducer.pullback(
    state: \.second,
    action: /Level1Action.second,
    environment: \.second)
)

// The environment-less variant the example mentions: no `@DerivedEnvironment` declarations.
private final class Level1EnvironmentWithoutChildren: ComposableEnvironment {}

private let level1EnvironmentlessReducer = Reducer<
  Level1State, Level1Action, Level1EnvironmentWithoutChildren
>.combine(
  level2Reducer.pullback(state: \.first, action: /Level1Action.first),
  level2Reducer.pullback(state: \.second, action: /Level1Action.second)
)

// "Level0" Feature, which embeds a `Level1` feature
private struct Level0State: Equatable {
  var level1: Level1State
  var isReady: Bool = false
}

private enum Level0Action: Equatable {
  case isReady
  case level1(Level1Action)
  case onAppear
}

private final class Level0Environment: ComposableEnvironment {
  // Dependencies
  @Dependency(\.continuousClock) var clock
  // Derived Environments
  @DerivedEnvironment<Level1Environment> var level1
}

private let level0Reducer = Reducer<Level0State, Level0Action, Level0Environment>.combine(
  level1Reducer.pullback(
    state: \.level1,
    action: /Level0Action.level1,
    environment: \.level1),
  Reducer<Level0State, Level0Action, Level0Environment> {
    state, action, environment in
    switch action {
    case .isReady:
      state.isReady = true
      return .none

    case .level1:
      return .none

    case .onAppear:
      let clock = environment.clock
      return .run { send in
        try await clock.sleep(for: .seconds(1))  // Simulate something lengthy…
        await send(.isReady)
      }
    }
  }
)

@MainActor
@Suite(.tags(.portedFromComposableEnvironment)) struct NestedFeatureEnvironmentTests {
  @Test func level0BecomesReadyAfterASecondOnItsClock() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Level0State(
        level1: Level1State(first: Level2State(randomNumber: 6), second: Level2State())),
      reducer: level0Reducer,
      environment: Level0Environment()
        .with(\.continuousClock, clock)
        // We can set the value of `rng` even if Level0Environment doesn't have a `rng` property:
        .with(\.rng) { 4 })
    await store.send(.onAppear)
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.isReady) { $0.isReady = true }
    await store.send(.level1(.second(.requestRandomNumber)))
    await store.receive(.level1(.second(.randomNumber(4)))) {
      $0.level1.second.randomNumber = 4
    }
  }

  @Test func eachLevel2ChildReadsTheValueSetAboveIt() async {
    let environment = Level1Environment().with(\.rng) { 54 }
    environment.second.with(\.rng) { 12 }
    let store = TestStore(
      initialState: Level1State(first: Level2State(), second: Level2State()),
      reducer: level1Reducer,
      environment: environment)
    await store.send(.first(.requestRandomNumber))
    await store.receive(.first(.randomNumber(54))) { $0.first.randomNumber = 54 }
    await store.send(.second(.requestRandomNumber))
    await store.receive(.second(.randomNumber(12))) { $0.second.randomNumber = 12 }
  }

  @Test func theEnvironmentlessPullbacksDeriveTheChildren() async {
    let store = TestStore(
      initialState: Level1State(first: Level2State(), second: Level2State()),
      reducer: level1EnvironmentlessReducer,
      environment: Level1EnvironmentWithoutChildren().with(\.rng) { 7 })
    await store.send(.first(.requestRandomNumber))
    await store.receive(.first(.randomNumber(7))) { $0.first.randomNumber = 7 }
  }

  @Test func aStoreRunsTheEffectWithTheMockGenerator() async {
    let store = Store(
      initialState: Level2State(randomNumber: 5),
      reducer: level2Reducer,
      environment: Level2Environment().with(\.rng) { 12 })
    await store.send(.requestRandomNumber).finish()
    #expect(store.state.randomNumber == 12)
  }
}
