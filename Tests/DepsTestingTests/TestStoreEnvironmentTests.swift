import ComposableDeps
import DepsTesting
import Testing

// `TestStore.environment` is settable: a change holds for the actions sent after it, for a TCA 0.x
// struct environment and for a ComposableDeps one (through a settable `@Dependency`).

private enum FactAction: Equatable, Sendable {
  case fetch
  case loaded(String)
}

private struct FactEnvironment: Sendable {
  var fact: @Sendable () async -> String
}

private let factReducer = Reducer<[String], FactAction, FactEnvironment> { state, action, environment in
  switch action {
  case .fetch:
    return .task { [fact = environment.fact] in .loaded(await fact()) }
  case .loaded(let fact):
    state.append(fact)
    return .none
  }
}

private struct NumberFactClient: Sendable {
  var fetch: @Sendable () async -> String
}

private enum NumberFactClientKey: DependencyKey {
  static let defaultValue = NumberFactClient { "live" }
}

extension Dependencies {
  fileprivate var numberFactClient: NumberFactClient {
    get { self[NumberFactClientKey.self] }
    set { self[NumberFactClientKey.self] = newValue }
  }
}

private final class ComposableFactEnvironment: ComposableEnvironment {
  @Dependency(\.numberFactClient) var numberFactClient
}

private let composableFactReducer = Reducer<[String], FactAction, ComposableFactEnvironment> {
  state, action, environment in
  switch action {
  case .fetch:
    return .task { [fetch = environment.numberFactClient.fetch] in .loaded(await fetch()) }
  case .loaded(let fact):
    state.append(fact)
    return .none
  }
}

@MainActor @Suite struct TestStoreEnvironmentTests {
  @Test func aStructEnvironmentChangeHoldsForLaterActions() async {
    let store = TestStore(
      initialState: [], reducer: factReducer, environment: FactEnvironment(fact: { "first" }))
    await store.send(.fetch)
    await store.receive(.loaded("first")) { $0 = ["first"] }
    store.environment.fact = { "second" }
    await store.send(.fetch)
    await store.receive(.loaded("second")) { $0 = ["first", "second"] }
    await store.finish()
  }

  @Test func aComposableEnvironmentEndpointSetThroughDependency() async {
    let store = TestStore(
      initialState: [], reducer: composableFactReducer,
      environment: ComposableFactEnvironment().with(\.numberFactClient, NumberFactClient { "first" }))
    await store.send(.fetch)
    await store.receive(.loaded("first")) { $0 = ["first"] }
    store.environment.numberFactClient.fetch = { "second" }
    await store.send(.fetch)
    await store.receive(.loaded("second")) { $0 = ["first", "second"] }
    await store.finish()
  }
}
