import DepsTesting
import GlobalDeps
import Testing

private enum LoadAction: Equatable, Sendable {
  case load
  case loaded(String)
}

private struct LoadEnvironment: GlobalEnvironment {}

private let loadReducer = Reducer<String, LoadAction, LoadEnvironment> { state, action, _ in
  switch action {
  case .load:
    // Read inside the effect, on the task the store starts: it inherits the test's scope.
    return .run { send in await send(.loaded(Dependency(\.main).wrappedValue)) }
  case .loaded(let value):
    state = value
    return .none
  }
}

@MainActor
@Suite struct TestStoreScopeTests {
  @Test func effectsSeeTheScopeTheTestStoreRunsIn() async {
    await withDependencies {
      $0.main = "scoped"
    } operation: {
      let store = TestStore(initialState: "", reducer: loadReducer, environment: LoadEnvironment())
      await store.send(.load)
      await store.receive(.loaded("scoped")) { $0 = "scoped" }
      await store.finish()
    }
  }

  @Test(.dependencies { $0.main = "from the trait" })
  func effectsSeeTheTraitsOverrides() async {
    let store = TestStore(initialState: "", reducer: loadReducer, environment: LoadEnvironment())
    await store.send(.load)
    await store.receive(.loaded("from the trait")) { $0 = "from the trait" }
    await store.finish()
  }
}
