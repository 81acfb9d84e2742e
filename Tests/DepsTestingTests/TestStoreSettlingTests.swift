import DepsCore
import DepsReducer
import Testing

@testable import DepsTesting

/// When `send` and `receive` let effects settle: only while an effect runs or an action is on its
/// way. A step with nothing that could send returns without suspending (it would otherwise hop
/// threads 20 times, about a millisecond on an idle machine, in every such step of a test).
@MainActor
@Suite struct TestStoreSettlingTests {
  /// A main-actor task queued behind the test when this is made: it can run only when the test
  /// suspends.
  private final class QueuedTask: Sendable {
    private let ran = Locked(false)

    init() { Task { @MainActor [ran] in ran.withLock { $0 = true } } }

    var hasRun: Bool { ran.withLock { $0 } }
  }

  @Test func aSendThatStartsNoEffectReturnsWithoutSuspending() async {
    let store = makeStore()
    let queued = QueuedTask()
    await store.send(.increment) { $0.count = 1 }
    #expect(!queued.hasRun, "the send suspended, letting a queued main-actor task run")
    await store.finish()
  }

  @Test func aReceiveAfterTheEffectEndedReturnsWithoutSuspending() async {
    let store = makeStore()
    await store.send(.twice)
    let queued = QueuedTask()
    await store.receive(.increment) { $0.count = 1 }
    await store.receive(.increment) { $0.count = 2 }
    #expect(!queued.hasRun, "a receive suspended, letting a queued main-actor task run")
    await store.finish()
  }

  @Test func aSendWhoseEffectEndsAtOnceStillYieldsEveryRound() async {
    let store = makeStore()
    await store.send(.factTapped)
    // The effect answers at once and ends; what it may have left running (a callback it handed
    // its `send`) gets every round all the same.
    #expect(store.settledRounds == 20)
    await store.receive(.factLoaded("0 is a number")) { $0.fact = "0 is a number" }
    await store.finish()
  }

  @Test func aSendWhoseEffectRunsOnYieldsEveryRound() async {
    let store = makeStore()
    let task = await store.send(.never)
    #expect(store.settledRounds == 20)
    await task.cancel()
    await store.finish()
  }
}
