import DepsReducer
import DepsTesting
import Testing

// TCA 0.40's types as cancellation ids, with time: `debounce(id: SomeType.self, ...)`.

private enum SearchID {}

private enum DebouncedAction: Equatable, Sendable {
  case queryChanged(String)
  case cancel
  case searched(String)
}

private struct DebouncedEnvironment: Sendable {
  var clock: TestClock
}

private let debouncedReducer = Reducer<[String], DebouncedAction, DebouncedEnvironment> {
  state, action, environment in
  switch action {
  case .queryChanged(let query):
    return .task { .searched(query) }
      .debounce(id: SearchID.self, for: .seconds(1), clock: environment.clock)
  case .cancel:
    return .cancel(id: SearchID.self)
  case .searched(let query):
    state.append(query)
    return .none
  }
}

@MainActor @Suite struct TypeCancellationIDTests {
  @Test func aNewerEffectDebouncedWithTheSameTypeCancelsTheWaitingOne() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: [], reducer: debouncedReducer, environment: DebouncedEnvironment(clock: clock))
    await store.send(.queryChanged("a"))
    await clock.advance(by: .milliseconds(500))
    await store.send(.queryChanged("ab"))
    await clock.advance(by: .milliseconds(500))
    // 1 s after "a", 0.5 s after "ab": "a" was cancelled, "ab" still waits.
    await clock.advance(by: .milliseconds(500))
    await store.receive(.searched("ab")) { $0 = ["ab"] }
    await store.finish()
  }

  @Test func cancelWithTheTypeStopsTheDebouncedEffect() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: [], reducer: debouncedReducer, environment: DebouncedEnvironment(clock: clock))
    await store.send(.queryChanged("a"))
    await store.send(.cancel)
    await clock.run()
    await store.finish()
  }
}
