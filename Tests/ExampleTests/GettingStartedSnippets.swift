import ComposableDeps
import ExampleFeatures
import Testing

/// Getting started, step 5: observing a store in plain Swift, as the guide shows it.
enum GettingStartedStep5 {
  @MainActor
  static func run() async {
    let store = Store(initialState: AppState(), reducer: appReducer, environment: AppEnvironment())
    let observer = Task {
      for await state in store.states {
        print("count:", state.counter.count)
      }
    }
    store.send(.counter(.incrementButtonTapped))
    // Wait for the fact the effect loads, then stop observing.
    await store.send(.counter(.factButtonTapped)).finish()
    observer.cancel()
  }
}

@MainActor
@Suite struct GettingStartedSnippets {
  @Test func observingAStoreEndsWhenTheObserverIsCancelled() async {
    // The guide's code with the mock client, as a test must override the live one.
    let store = Store(
      initialState: AppState(), reducer: appReducer,
      environment: AppEnvironment().with(\.numberFact, .mock))
    let observer = Task {
      var counts: [Int] = []
      for await state in store.states { counts.append(state.counter.count) }
      return counts
    }
    store.send(.counter(.incrementButtonTapped))
    await store.send(.counter(.factButtonTapped)).finish()
    #expect(store.state.counter.fact == "1 is a mock number.")
    observer.cancel()
    let counts = await observer.value
    #expect(counts.first == 0 || counts.first == 1)
    #expect(counts.last == 1)
  }
}
