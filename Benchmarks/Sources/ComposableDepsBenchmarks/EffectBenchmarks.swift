import BenchmarkSupport
import ComposableDeps
import Dispatch

private struct RestartID: Hashable, Sendable {}

private enum EffectAction: Sendable {
  case run
  case restart
  case stop
}

/// Signals the benchmark thread from effects, which run on the cooperative pool.
private final class Signal: Sendable {
  // One semaphore per batch, shared by the loop and the effects it starts.
  let semaphore = DispatchSemaphore(value: 0)
}

private func effectReducer(_ signal: Signal) -> Reducer<Int, EffectAction, Void> {
  Reducer { _, action, _ in
    switch action {
    case .run:
      return .run { _ in signal.semaphore.signal() }
    case .restart:
      return .run { _ in try? await Task.sleep(for: .seconds(60)) }
        .cancellable(id: RestartID(), cancelInFlight: true)
    case .stop:
      // Starts only after every restarted effect ended: then signals the end of the batch.
      return .run { _ in signal.semaphore.signal() }
        .cancellable(id: RestartID(), cancelInFlight: true)
    }
  }
}

/// A counter whose actions start no effect.
private let counter = Reducer<Int, EffectAction, Void> { state, _, _ in
  state &+= 1
  return .none
}

/// Rows for effects: started through `Store.send` against bare tasks doing the same.
///
/// The rows run on the main thread (the benchmark's top-level code), so the store is used under
/// `MainActor.assumeIsolated`; effects run on the cooperative pool and signal back.
public enum EffectBenchmarks {
  /// The row names the targets compare.
  public static let taskBaseline = "bare Task {} started and awaited"
  /// See ``taskBaseline``.
  public static let storeEffect = "effect started and finished through Store.send"
  /// See ``taskBaseline``.
  public static let restartBaseline = "bare Task restart: cancel the old, await it, start anew"
  /// See ``taskBaseline``.
  public static let storeRestart = "cancel-in-flight restart through Store.send"

  /// See ``taskBaseline``.
  public static let reducerDirect = "counter reducer run directly (.none effect)"
  /// See ``taskBaseline``.
  public static let storeSend = "Store.send of an action with a .none effect"
  /// See ``taskBaseline``.
  public static let observedSend = "Store.send of a .none action, state observed"
  /// See ``taskBaseline``.
  public static let scopedSend = "Store.send through a scope 4 levels deep"

  /// The effect rows.
  public static var all: [Benchmark] {
    [
      Benchmark("Store", reducerDirect) { n in
        // Through an opaque copy of the reducer, with the state observed each time: otherwise the
        // optimizer folds the loop into one addition and the row reads 0 ns.
        var state = 0
        let action = opaque(EffectAction.run)
        let reducer = opaque(counter)
        for _ in 0..<n {
          _ = reducer.run(&state, action, ())
          blackHole(state)
        }
      },
      Benchmark("Store", storeSend) { n in
        MainActor.assumeIsolated {
          let store = Store(initialState: 0, reducer: counter, environment: ())
          for _ in 0..<n { store.send(.run) }
          blackHole(store.state)
        }
      },
      Benchmark("Store", observedSend) { n in
        MainActor.assumeIsolated {
          let store = Store(initialState: 0, reducer: counter, environment: ())
          // Read once through the observable getter: every send then goes through the
          // observation registrar, as in an app whose views observe the store.
          blackHole(store.state)
          for _ in 0..<n { store.send(.run) }
          blackHole(store.state)
        }
      },
      Benchmark("Store", scopedSend) { n in
        MainActor.assumeIsolated {
          let store = Store(initialState: 0, reducer: counter, environment: ())
          let scoped = store.scope(state: \.self, action: /.self).scope(state: \.self, action: /.self)
            .scope(state: \.self, action: /.self).scope(state: \.self, action: /.self)
          for _ in 0..<n { scoped.send(.run) }
          blackHole(store.state)
        }
      },
      Benchmark("Effects", taskBaseline) { n in
        let signal = Signal()
        for _ in 0..<n {
          Task { signal.semaphore.signal() }
          signal.semaphore.wait()
        }
      },
      Benchmark("Effects", storeEffect) { n in
        let signal = Signal()
        MainActor.assumeIsolated {
          let store = Store(initialState: 0, reducer: effectReducer(signal), environment: ())
          for _ in 0..<n {
            store.send(.run)
            signal.semaphore.wait()
          }
        }
      },
      Benchmark("Effects", restartBaseline) { n in
        let signal = Signal()
        var last: Task<Void, Never>?
        for _ in 0..<n {
          let old = last
          old?.cancel()
          last = Task {
            await old?.value
            try? await Task.sleep(for: .seconds(60))
          }
        }
        let final = last
        final?.cancel()
        Task {
          await final?.value
          signal.semaphore.signal()
        }
        signal.semaphore.wait()
      },
      Benchmark("Effects", storeRestart) { n in
        let signal = Signal()
        MainActor.assumeIsolated {
          let store = Store(initialState: 0, reducer: effectReducer(signal), environment: ())
          for _ in 0..<n { store.send(.restart) }
          store.send(.stop)
          signal.semaphore.wait()
        }
      },
    ]
  }
}
