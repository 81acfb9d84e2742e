import BenchmarkSupport
import DepsReducer
import DepsTesting

private enum CounterAction: Equatable, Sendable {
  /// Adds one; no effect.
  case increment
  /// Starts an effect that sends `.loaded` back.
  case load
  /// What the effect sends: adds one.
  case loaded
}

/// A counter whose `.load` starts an effect that sends `.loaded` back, as a feature's request does.
private let counter = Reducer<Int, CounterAction, Void> { state, action, _ in
  switch action {
  case .increment, .loaded:
    state &+= 1
    return .none
  case .load:
    return .run { send in await send(.loaded) }
  }
}

/// The rows of a test's loop: `TestStore.send` and `receive` against the reducer run directly, and
/// the `Store.send` round trip they test.
///
/// They await, so they run on the main actor (`Benchmark(_:_:async:)`): a `TestStore` is isolated
/// to it, and an effect's action comes back to it.
public enum TestStoreBenchmarks {
  /// The reducer run directly on `.increment`: what the ratios are to.
  public static let reducerDirect = "counter reducer run directly (.increment, .none effect)"
  /// `TestStore.send(.increment) { $0 += 1 }`.
  public static let testStoreSend = "TestStore.send with an assert closure"
  /// `send(.load)` and `receive(.loaded) { $0 += 1 }`.
  public static let testStoreReceive = "TestStore.send + receive of an effect's action"
  /// `store.send(.load)`, awaited until the action the effect sends back was handled.
  public static let storeRoundTrip = "Store.send, its effect's action handled (awaited)"
  /// A task on the pool that hops back to the main actor, awaited: the round trip by hand.
  public static let taskRoundTrip = "bare Task that hops to the main actor, awaited"
  /// What `TestStore.send` waits for its effects with: 20 detached background tasks that yield.
  public static let megaYield = "20 detached background tasks that yield (Task.megaYield)"

  /// A row that runs `step` `n` times on a new `TestStore` of the counter, then finishes it.
  private static func testStoreRow(
    _ name: String, _ step: @escaping @MainActor @Sendable (TestStore<Int, CounterAction, Void>) async -> Void
  ) -> Benchmark {
    Benchmark(
      "Testing", name,
      async: { n in
        let store = TestStore(initialState: 0, reducer: counter, environment: ())
        for _ in 0..<n { await step(store) }
        await store.finish()
        blackHole(store.state)
      })
  }

  /// The test-loop rows.
  public static var all: [Benchmark] {
    [
      Benchmark("Testing", reducerDirect) { n in
        var state = 0
        let action = opaque(CounterAction.increment)
        let reducer = opaque(counter)
        for _ in 0..<n {
          _ = reducer.run(&state, action, ())
          blackHole(state)
        }
      },
      testStoreRow(testStoreSend) { store in
        await store.send(.increment) { $0 &+= 1 }
      },
      testStoreRow(testStoreReceive) { store in
        await store.send(.load)
        await store.receive(.loaded) { $0 &+= 1 }
      },
      Benchmark(
        "Testing", storeRoundTrip,
        async: { n in
          let store = Store(initialState: 0, reducer: counter, environment: ())
          for _ in 0..<n {
            await store.send(.load).finish()
          }
          blackHole(store.state)
        }),
      Benchmark(
        "Testing", taskRoundTrip,
        async: { n in
          var state = 0
          for _ in 0..<n {
            state &+= await Task.detached { await MainActor.run { opaque(1) } }.value
          }
          blackHole(state)
        }),
      Benchmark(
        "Testing", megaYield,
        async: { n in
          for _ in 0..<n {
            for _ in 0..<20 {
              await Task.detached(priority: .background) { await Task.yield() }.value
            }
          }
        }),
    ]
  }
}
