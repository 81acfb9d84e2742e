import DepsCore
import DepsReducer
import DepsTesting
import Dispatch
import Testing

/// A test store drops what a cancelled effect sends from code it left running, as a store does.
@MainActor @Suite struct TestStoreCancelledSendTests {
  private static let rounds = 50

  private enum Step: Equatable, Sendable {
    case start(Int)
    case stop
    case late(Int)
  }

  private struct ListenerID: Hashable, Sendable {}

  /// The callbacks of one test: the effect marks `spawned`, the test sets `isOpen`, the callback
  /// marks `sent` once its `send` returned.
  private final class Callbacks: Sendable {
    let marks = Locked((spawned: Set<Int>(), isOpen: Set<Int>(), sent: Set<Int>()))

    /// Waits until `isDone` holds, at most 30 seconds; returns whether it did.
    func wait(
      _ isDone: @escaping @Sendable ((spawned: Set<Int>, isOpen: Set<Int>, sent: Set<Int>)) -> Bool
    ) async -> Bool {
      let clock = ContinuousClock()
      let deadline = clock.now.advanced(by: .seconds(30))
      while !marks.withLock({ isDone($0) }), clock.now < deadline {
        try? await Task.sleep(for: .milliseconds(1))
      }
      return marks.withLock { isDone($0) }
    }
  }

  private static let reducer = Reducer<[Int], Step, Callbacks> { state, action, callbacks in
    switch action {
    case .start(let n):
      return .run { send in
        // Alternately a DispatchQueue job that starts a Task, and a detached task: neither
        // carries the effect's task-local values.
        let callback: @Sendable () async -> Void = {
          _ = await callbacks.wait { $0.isOpen.contains(n) }
          await send(.late(n))
          callbacks.marks.withLock { _ = $0.sent.insert(n) }
        }
        if n.isMultiple(of: 2) {
          DispatchQueue.global().async { Task { await callback() } }
        } else {
          Task.detached { await callback() }
        }
        callbacks.marks.withLock { _ = $0.spawned.insert(n) }
        try await Task.sleep(for: .seconds(60))
      }
      .cancellable(id: ListenerID())
    case .stop:
      return .cancel(id: ListenerID())
    case .late(let n):
      state.append(n)
      return .none
    }
  }

  /// Lets round `n`'s callback send, and waits until its `send` returned.
  private func release(_ n: Int, _ callbacks: Callbacks) async -> Bool {
    callbacks.marks.withLock { _ = $0.isOpen.insert(n) }
    return await callbacks.wait { $0.sent.contains(n) }
  }

  /// A test store whose round `n` effect has its callback on its way.
  private func started(
    _ n: Int
  ) async -> (TestStore<[Int], Step, Callbacks>, Callbacks) {
    let callbacks = Callbacks()
    let store = TestStore(initialState: [], reducer: Self.reducer, environment: callbacks)
    await store.send(.start(n))
    #expect(await callbacks.wait { $0.spawned.contains(n) })
    return (store, callbacks)
  }

  @Test func aSendAfterTheCancelIsNotReceived() async {
    for n in 0..<Self.rounds {
      let (store, callbacks) = await started(n)
      await store.send(.stop)
      #expect(await release(n, callbacks))
      // An action that got in would be unreceived here: a failure.
      await store.finish()
    }
  }

  @Test func aSendBeforeTheCancelIsReceived() async {
    for n in 0..<Self.rounds {
      let (store, callbacks) = await started(n)
      #expect(await release(n, callbacks))
      await store.receive(.late(n), timeout: .seconds(30)) { $0 = [n] }
      await store.send(.stop)
      await store.finish()
    }
  }
}
