import ComposableDeps
import DepsTesting
import Testing

// The code of the DocC article "Testing a feature with TestStore"
// (DepsTesting.docc/TestingAFeatureWithTestStore.md), compiled so the docs cannot rot.

struct FactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

private enum FactClientKey: DependencyKey {
  static let defaultValue = FactClient { "\($0) is a good number." }
  static let testValue = FactClient(fetch: unimplemented("FactClient.fetch"))
}

extension Dependencies {
  var factClient: FactClient {
    get { self[FactClientKey.self] }
    set { self[FactClientKey.self] = newValue }
  }
}

enum TestStoreArticle {
  final class FactEnvironment: ComposableEnvironment {
    @Dependency(\.factClient) var factClient
  }

  struct FactState: Equatable, Sendable {
    var count = 0
    var fact: String?
  }

  enum FactAction: Equatable, Sendable {
    case increment
    case factButtonTapped
    case factLoaded(String)
  }

  static let factReducer = Reducer<FactState, FactAction, FactEnvironment> {
    state, action, environment in
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .factButtonTapped:
      // The effect captures the service, not the environment.
      let factClient = environment.factClient
      return .run { [count = state.count] send in
        await send(.factLoaded(try await factClient.fetch(count)))
      }
    case .factLoaded(let fact):
      state.fact = fact
      return .none
    }
  }
}

@MainActor
@Suite struct TestStoreArticleSnippets {
  typealias FactEnvironment = TestStoreArticle.FactEnvironment

  @Test func loadsAFact() async {
    let store = TestStore(
      initialState: TestStoreArticle.FactState(),
      reducer: TestStoreArticle.factReducer,
      environment: FactEnvironment().with(\.factClient, FactClient { "\($0) is a mock fact." })
    )
    await store.send(.increment) { $0.count = 1 }
    await store.send(.factButtonTapped)
    await store.receive(.factLoaded("1 is a mock fact.")) { $0.fact = "1 is a mock fact." }
    await store.finish()
  }
}
