import DepsReducer
import DepsTesting
import Testing

@MainActor
@Suite struct TestStorePassingTests {
  @Test func sendAssertsTheStateChange() async {
    let store = makeStore()
    await store.send(.increment) { $0.count = 1 }
    #expect(store.state.count == 1)
    await store.finish()
  }

  @Test func sendWithoutClosureExpectsNoChange() async {
    let store = makeStore()
    await store.send(.failing)
    await store.finish()
  }

  @Test func receiveTakesActionsFromRunEffects() async {
    let store = makeStore()
    await store.send(.increment) { $0.count = 1 }
    await store.send(.factTapped)
    await store.receive(.factLoaded("1 is a number")) { $0.fact = "1 is a number" }
    await store.finish()
  }

  @Test func receiveTakesActionsFromSendEffectsInOrder() async {
    let store = makeStore()
    await store.send(.twice)
    await store.receive(.increment) { $0.count = 1 }
    await store.receive(.increment) { $0.count = 2 }
    await store.finish()
  }

  @Test func receiveWaitsForSlowEffects() async {
    let store = TestStore(
      initialState: Counter(), reducer: counterReducer,
      environment: CounterEnvironment(fact: { count in
        try? await Task.sleep(for: .milliseconds(50))
        return "slow \(count)"
      }))
    await store.send(.factTapped)
    // A generous timeout: receive returns as soon as the action arrives, but a 50 ms effect can
    // take over a second to be scheduled while sanitized suites load both cores.
    await store.receive(.factLoaded("slow 0"), timeout: .seconds(30)) { $0.fact = "slow 0" }
    await store.finish(timeout: .seconds(30))
  }
}
