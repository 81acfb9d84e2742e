import DepsTesting
import ExampleFeatures
import Testing

@MainActor
@Suite struct CounterFeatureTests {
  @Test func buttonsChangeTheCount() async {
    // No service is used: the environment needs no override.
    let store = TestStore(
      initialState: CounterState(), reducer: counterReducer, environment: CounterEnvironment())
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.incrementButtonTapped) { $0.count = 2 }
    await store.send(.decrementButtonTapped) { $0.count = 1 }
    await store.finish()
  }

  @Test func factButtonLoadsAFactAboutTheCount() async {
    let store = TestStore(
      initialState: CounterState(count: 7), reducer: counterReducer,
      environment: CounterEnvironment().with(\.numberFact, .mock))
    await store.send(.factButtonTapped) { $0.isLoadingFact = true }
    await store.receive(.factResponse("7 is a mock number.")) {
      $0.isLoadingFact = false
      $0.fact = "7 is a mock number."
    }
    await store.finish()
  }

  @Test func theLiveClientComputesFactsOnTheDevice() async {
    let live = NumberFactClient.live(cache: NumberFactCache())
    #expect(await live.fetch(0) == "0 is the additive identity.")
    #expect(await live.fetch(7) == "7 is a prime number.")
    #expect(await live.fetch(8) == "8 is an even number.")
    #expect(await live.fetch(9) == "9 is an odd number.")
  }

  @Test func theLiveClientKeepsItsFactsInACacheThatItsShutdownCloses() async {
    let cache = await NumberFactCache.open()
    let live = NumberFactClient.live(cache: cache)
    #expect(await live.fetch(7) == "7 is a prime number.")
    #expect(await cache.fact(about: 7) == "7 is a prime number.")
    #expect(await cache.count == 1)
    await live.shutdown()
    #expect(await cache.isOpen == false)
    #expect(await cache.count == 0)
  }

  @Test func aClientSetWithWithIsLeftOpenByTheEnvironmentsShutdown() async throws {
    let cache = NumberFactCache()
    let environment = CounterEnvironment()
      .with(\.numberFact, .value(.live(cache: cache)))
    let store = TestStore(
      initialState: CounterState(count: 7), reducer: counterReducer, environment: environment)
    await store.send(.factButtonTapped) { $0.isLoadingFact = true }
    await store.receive(.factResponse("7 is a prime number.")) {
      $0.isLoadingFact = false
      $0.fact = "7 is a prime number."
    }
    await store.finish()
    // A client set with `with` belongs to the test: the environment's shutdown leaves it open.
    await environment.shutdown()
    #expect(await cache.isOpen)
  }
}
