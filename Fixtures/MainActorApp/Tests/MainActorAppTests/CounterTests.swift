import ComposableDeps
import DepsTesting
import GlobalDeps
import Testing

@testable import MainActorApp

@Suite struct CounterTests {
  @Test func factButtonLoadsAFactAboutTheCount() async {
    let store = TestStore(
      initialState: CounterState(count: 7), reducer: counterReducer,
      environment: CounterEnvironment().with(\.numberFact, NumberFact { "\($0) is a mock." }))
    await store.send(.factButtonTapped) { $0.isLoadingFact = true }
    await store.receive(.factResponse("7 is a mock.")) {
      $0.isLoadingFact = false
      $0.fact = "7 is a mock."
    }
    await store.finish()
  }

  @Test func aStoreRunsTheReducerOnTheMainActor() {
    let store = Store(
      initialState: CounterState(), reducer: counterReducer,
      environment: CounterEnvironment())
    store.send(.incrementButtonTapped)
    store.send(.incrementButtonTapped)
    #expect(store.state.count == 2)
  }

  @Test func theChildInheritsTheRootsValue() async {
    #expect(await readmeExample() == "3 is a mock.")
  }

  @Test func globalDependenciesResolveInAScope() async {
    let fact = await withDependencies {
      $0.numberFact = NumberFact { "\($0) from a scope." }
    } operation: {
      await FactModel().fact(about: 4)
    }
    #expect(fact == "4 from a scope.")
  }

  @Test func anUnmockedEndpointFailsTheTest() async {
    await withKnownIssue {
      _ = await CounterEnvironment().numberFact.fetch(1)
    }
  }
}
