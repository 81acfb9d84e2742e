import DepsReducer
import DepsTesting
import Testing

/// The reducer of issue 12: `.start` runs an effect sending `.first` then `.second`, and `.first`
/// returns `.send(.fromFirst)`.
enum OrderAction: Equatable, Sendable {
  case start, first, second, fromFirst
  case startTimer, tick
  case load, loaded([String]), other
}

struct OrderState: Equatable {
  var log: [String] = []
  var ticks = 0
  var items: [String] = []
  var loading = false
}

struct OrderEnvironment: Sendable {
  var clock: TestClock
  var marker = "environment"
}

let orderReducer = Reducer<OrderState, OrderAction, OrderEnvironment> {
  state, action, environment in
  switch action {
  case .start:
    return .run { send in
      await send(.first)
      await send(.second)
    }
  case .first:
    state.log.append("first")
    return .send(.fromFirst)
  case .fromFirst:
    state.log.append("fromFirst")
    return .none
  case .second:
    state.log.append("second")
    return .none
  case .startTimer:
    return .run { [clock = environment.clock] send in
      while true {
        try await clock.sleep(for: .seconds(1))
        await send(.tick)
      }
    }
  case .tick:
    state.ticks += 1
    return .none
  case .load:
    state.loading = true
    return .run { send in
      await send(.other)
      await send(.loaded(["a", "b"]))
    }
  case .loaded(let items):
    state.loading = false
    state.items = items
    return .none
  case .other:
    state.log.append("other")
    return .none
  }
}

@MainActor
func makeOrderStore() -> TestStore<OrderState, OrderAction, OrderEnvironment> {
  TestStore(
    initialState: OrderState(), reducer: orderReducer,
    environment: OrderEnvironment(clock: TestClock()))
}

@MainActor
@Suite struct TestStoreOrderTests {
  @Test func receivesActionsInTheOrderAStoreHandlesThem() async {
    let store = makeOrderStore()
    await store.send(.start)
    await store.receive(.first) { $0.log = ["first"] }
    await store.receive(.fromFirst) { $0.log = ["first", "fromFirst"] }
    await store.receive(.second) { $0.log = ["first", "fromFirst", "second"] }
    await store.finish()
  }

  @Test func theStoreHandlesTheSameOrder() async {
    let store = Store(
      initialState: OrderState(), reducer: orderReducer,
      environment: OrderEnvironment(clock: TestClock()))
    await store.send(.start).finish()
    #expect(store.state.log == ["first", "fromFirst", "second"])
  }

  @Test func insideAnAssertClosureTheStateIsTheStateBeforeTheAction() async {
    let store = makeOrderStore()
    await store.send(.start)
    await store.receive(.first) {
      #expect(store.state.log == [])
      $0.log = ["first"]
    }
    await store.receive(.fromFirst) {
      #expect(store.state.log == ["first"])
      $0.log.append("fromFirst")
    }
    await store.receive(.second) { $0.log.append("second") }
    await store.finish()
  }

  @Test func aNonExhaustiveTestAssertsOnlyTheEndState() async {
    let store = makeOrderStore()
    store.exhaustivity = .off
    await store.send(.load)
    await store.receive(.loaded(["a", "b"])) { $0.items = ["a", "b"] }
    #expect(store.state.loading == false)
    #expect(store.state.log == ["other"])
    await store.finish()
  }

  @Test func skipInFlightEffectsCancelsWhatRuns() async {
    let store = makeOrderStore()
    await store.send(.startTimer)
    await store.skipInFlightEffects()
    await store.finish()
  }

  @Test func receiveByCasePath() async {
    let store = makeOrderStore()
    await store.send(.load) { $0.loading = true }
    await store.receive(/OrderAction.other) { $0.log = ["other"] }
    await store.receive(/OrderAction.loaded) {
      $0.loading = false
      $0.items = ["a", "b"]
    }
    await store.finish()
  }

  @Test func theEnvironmentIsPublic() async {
    let store = makeOrderStore()
    #expect(store.environment.marker == "environment")
    await store.finish()
  }
}
