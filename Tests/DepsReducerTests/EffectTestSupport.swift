import DepsCore
import DepsReducer

/// A stand-in for Combine's `PassthroughSubject`: every stream made with ``stream()`` gets every
/// value sent after it was made (buffered until read), and ends with ``finish()``.
final class TestSubject<Value: Sendable>: Sendable {
  private let continuations = Locked<(next: Int, all: [Int: AsyncStream<Value>.Continuation])>(
    (0, [:]))

  /// A new subscriber. Make it synchronously (in the reducer) so that no value sent after the
  /// action is missed, as with a Combine subscription.
  func stream() -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream<Value>.makeStream()
    let id = continuations.withLock { state in
      state.next += 1
      state.all[state.next] = continuation
      return state.next
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.continuations.withLock { $0.all.removeValue(forKey: id) }
    }
    return stream
  }

  func send(_ value: Value) {
    for continuation in continuations.withLock({ Array($0.all.values) }) {
      continuation.yield(value)
    }
  }

  func finish() {
    for continuation in continuations.withLock({ Array($0.all.values) }) { continuation.finish() }
  }

  var subscriberCount: Int { continuations.withLock { $0.all.count } }
}

/// Waits until the store's state satisfies `predicate` (the suites' time limit ends a wait that
/// never does). For effects that do not end, where `StoreTask.finish()` cannot be used.
@MainActor func waitForState<State: Sendable, Action, Environment>(
  _ store: Store<State, Action, Environment>, _ predicate: (State) -> Bool
) async {
  if predicate(store.state) { return }
  for await state in store.states where predicate(state) { return }
}

/// A store whose action `0` returns `effect` and whose other actions are appended to the state.
@MainActor func recordingStore(
  _ effect: @escaping @Sendable () -> Effect<Int>
) -> Store<[Int], Int, Void> {
  Store(
    initialState: [],
    reducer: Reducer { state, action, _ in
      if action == 0 { return effect() }
      state.append(action)
      return .none
    },
    environment: ())
}
