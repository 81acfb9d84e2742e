import ComposableDeps
import DepsTestSupport
import DepsTesting
import Testing

/// A key every test here overrides.
private enum GreetingKey: DependencyKey {
  static let defaultValue = "live greeting"
  static let testValue = "test greeting"
}

private enum FarewellKey: DependencyKey {
  static let defaultValue = "live farewell"
  static let testValue = "test farewell"
}

extension Dependencies {
  fileprivate var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
  fileprivate var farewell: String {
    get { self[FarewellKey.self] }
    set { self[FarewellKey.self] = newValue }
  }
}

private final class GreetingEnvironment: ComposableEnvironment {
  @Dependency(\.greeting) var greeting
  @Derived var farewells: FarewellEnvironment
}

private final class FarewellEnvironment: ComposableEnvironment {
  @Dependency(\.farewell) var farewell
}

private enum GreetingAction: Equatable, Sendable {
  case greet
  case leave
}

private let greetingReducer = Reducer<String, GreetingAction, GreetingEnvironment> {
  state, action, environment in
  switch action {
  case .greet: state = environment.greeting
  case .leave: state = environment.farewells.farewell
  }
  return .none
}

@MainActor
@Suite struct StrictTestStoreTests {
  @Test func finishFailsForEachOverrideNothingRead() async {
    let environment = GreetingEnvironment().with(\.greeting, "hi")
    environment.farewells.with(\.farewell, "bye")
    let store = TestStore(
      initialState: "", reducer: greetingReducer, environment: environment, strictDependencies: true)
    await store.send(.greet) { $0 = "hi" }
    await expectFailures([unreadInTestStoreFailure("FarewellKey")]) {
      await store.finish()
    }
  }

  @Test func finishPassesWhenEveryOverrideWasRead() async {
    let environment = GreetingEnvironment().with(\.greeting, "hi").with(\.farewell, "bye")
    let store = TestStore(
      initialState: "", reducer: greetingReducer, environment: environment, strictDependencies: true)
    await store.send(.greet) { $0 = "hi" }
    await store.send(.leave) { $0 = "bye" }
    await store.finish()
  }

  @Test func aStoreThatIsNotStrictAllowsUnreadOverrides() async {
    let environment = GreetingEnvironment().with(\.greeting, "hi").with(\.farewell, "bye")
    let store = TestStore(initialState: "", reducer: greetingReducer, environment: environment)
    await store.send(.greet) { $0 = "hi" }
    await store.finish()
  }
}

extension StrictTestStoreTests {
  /// A test may give the store another environment (`store.environment = …`): `finish()` checks
  /// the one the store has then. The discarded environment's unread override is no failure, and
  /// the new one's is.
  @Test func finishChecksTheEnvironmentTheStoreHasNow() async {
    let store = TestStore(
      initialState: "", reducer: greetingReducer,
      environment: GreetingEnvironment().with(\.farewell, "bye"), strictDependencies: true)
    store.environment = GreetingEnvironment().with(\.greeting, "hi")
    await expectFailures([unreadInTestStoreFailure("GreetingKey")]) {
      await store.finish()
    }
  }

  /// The same, with every override of the new environment read: no failure for the old one's.
  @Test func anOverrideOfADiscardedEnvironmentIsNoFailure() async {
    let store = TestStore(
      initialState: "", reducer: greetingReducer,
      environment: GreetingEnvironment().with(\.farewell, "bye"), strictDependencies: true)
    store.environment = GreetingEnvironment().with(\.greeting, "hi")
    await store.send(.greet) { $0 = "hi" }
    await store.finish()
  }
}
