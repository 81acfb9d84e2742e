import DepsCore
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

private enum UploadID {}

private enum UploadAction: Equatable, Sendable {
  case start(Int)
  case cancel
  case finished(Int)
}

/// What the upload effects did, in order, and the gate upload 0 waits at, cancelled or not.
private final class Uploads: Sendable {
  private let state = Locked(
    (log: [String](), isOpen: false, waiter: CheckedContinuation<Void, Never>?.none))

  var log: [String] { state.withLock { $0.log } }
  func note(_ line: String) { state.withLock { $0.log.append(line) } }

  func open() {
    state.withLock { state in
      state.isOpen = true
      return state.waiter.take()
    }?.resume()
  }

  func waitForTheGate() async {
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock { state in
        if !state.isOpen { state.waiter = continuation }
        return state.isOpen
      }
      if isOpen { continuation.resume() }
    }
  }

  /// Waits until `line` is in the log, at most 30 seconds; returns whether it is.
  func waitFor(_ line: String) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(30))
    while !log.contains(line), clock.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
    return log.contains(line)
  }
}

/// Upload 0 goes on after a cancel until the gate opens; every upload sends `.finished` as it ends.
private let uploadReducer = Reducer<[Int], UploadAction, Uploads> { state, action, uploads in
  switch action {
  case .start(let n):
    return .run { send in
      uploads.note("began \(n)")
      if n == 0 { await uploads.waitForTheGate() }
      uploads.note("ended \(n)")
      await send(.finished(n))
    }
    .cancellable(id: UploadID.self, cancelInFlight: true)
  case .cancel:
    return .cancel(id: UploadID.self)
  case .finished(let n):
    state.append(n)
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

  // Issue 24: the restart waits for the effect `.cancel(id:)` cancelled, which goes on; what that
  // one sends is dropped, and the test store still finishes with nothing left.
  @Test func aRestartWithTheTypeWaitsForTheCancelledEffectThatGoesOn() async {
    let uploads = Uploads()
    let store = TestStore(initialState: [], reducer: uploadReducer, environment: uploads)
    await store.send(.start(0))
    #expect(await uploads.waitFor("began 0"))
    await store.send(.cancel)
    await store.send(.start(1))
    uploads.open()
    await store.receive(.finished(1), timeout: .seconds(30)) { $0 = [1] }
    #expect(uploads.log == ["began 0", "ended 0", "began 1", "ended 1"])
    await store.finish()
  }
}
