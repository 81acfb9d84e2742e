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
    #expect(await NumberFactClient.live.fetch(0) == "0 is the additive identity.")
    #expect(await NumberFactClient.live.fetch(7) == "7 is a prime number.")
    #expect(await NumberFactClient.live.fetch(8) == "8 is an even number.")
    #expect(await NumberFactClient.live.fetch(9) == "9 is an odd number.")
  }
}
