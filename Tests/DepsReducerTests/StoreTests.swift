import DepsReducer
import Testing

private enum Action: Equatable, Sendable {
  case tapped
  case record(String)
  case chain(Int)
  case startTimer
  case tick
}

private struct State: Equatable {
  var log: [String] = []
}

private let storeReducer = Reducer<State, Action, Void> { state, action, _ in
  switch action {
  case .tapped:
    state.log.append("tapped")
    return .merge(.send(.record("first")), .send(.record("second")))
  case .record(let message):
    state.log.append(message)
    return .none
  case .chain(let remaining):
    state.log.append("chain \(remaining)")
    return remaining > 0 ? .send(.chain(remaining - 1)) : .none
  case .startTimer:
    return .run { send in
      for _ in 0..<3 {
        await Task.yield()
        await send(.tick)
      }
    }
  case .tick:
    state.log.append("tick")
    return .none
  }
}

@MainActor
@Suite struct StoreTests {
  @Test func sendRunsTheReducer() {
    let store = Store(initialState: State(), reducer: storeReducer, environment: ())
    store.send(.record("hello"))
    #expect(store.state.log == ["hello"])
  }

  @Test func sentEffectsRunInOrderBeforeSendReturns() {
    let store = Store(initialState: State(), reducer: storeReducer, environment: ())
    store.send(.tapped)
    #expect(store.state.log == ["tapped", "first", "second"])
    store.send(.chain(2))
    #expect(store.state.log == ["tapped", "first", "second", "chain 2", "chain 1", "chain 0"])
  }

  @Test func runEffectsFeedActionsBackOnTheMainActor() async throws {
    let store = Store(initialState: State(), reducer: storeReducer, environment: ())
    let task = store.send(.startTimer)
    #expect(store.state.log == [])
    // The effect ends after its three sends; `finish` returns once they were all handled.
    await task.finish()
    #expect(store.state.log == ["tick", "tick", "tick"])
  }

  @Test func releasingTheStoreCancelsItsEffects() async throws {
    let cancelled = ActionLog<String>()
    let (ended, finished) = AsyncStream<Void>.makeStream()
    let reducer = Reducer<Int, Int, Void> { _, _, _ in
      .run { _ in
        do {
          // Ends only when cancelled (or after a minute, when the expectation below fails).
          try await Task.sleep(for: .seconds(60))
        } catch {
          await cancelled.append("cancelled")
        }
        finished.yield()
      }
    }
    var store: Store<Int, Int, Void>? = Store(initialState: 0, reducer: reducer, environment: ())
    store?.send(1)
    await Task.yield()
    store = nil
    // The effect signals as it ends, cancelled at once by the release: no polling.
    for await _ in ended { break }
    #expect(await cancelled.actions == ["cancelled"])
    #expect(store == nil)
  }

  @Test func reentrantSendsAreQueued() {
    // A reducer that records how deeply it is nested: a re-entrant run would show depth 2.
    let depth = DepthProbe()
    let reducer = Reducer<[Int], Int, DepthProbe> { state, action, probe in
      probe.enter()
      defer { probe.leave() }
      state.append(probe.maxDepth)
      return action > 0 ? .send(action - 1) : .none
    }
    let store = Store(initialState: [], reducer: reducer, environment: depth)
    store.send(2)
    #expect(store.state == [1, 1, 1])
  }
}

private final class DepthProbe: @unchecked Sendable {
  // @unchecked: used only from the main-actor store in one test, never concurrently.
  private var depth = 0
  private(set) var maxDepth = 0
  func enter() {
    depth += 1
    maxDepth = max(maxDepth, depth)
  }
  func leave() { depth -= 1 }
}
