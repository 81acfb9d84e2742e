import DepsReducer
import DepsTesting
import Testing

/// The `TestStoreTask` a send returns: `cancel()` ends a long-living effect, `finish()` waits for
/// the effects one send started and fails once its timeout has passed, and tasks are equal when
/// they stand for the same send. Runs the feature of TestStoreOrderTests.swift.
@MainActor
@Suite struct TestStoreTaskTests {
  @Test func aLongLivingEffectEndsWithTaskCancel() async {
    let store = makeOrderStore()
    let timer = await store.send(.startTimer)
    await store.environment.clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.environment.clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 2 }
    await timer.cancel()
    await store.finish()
  }

  @Test func aTaskFinishesWhenItsEffectsEnd() async {
    let store = makeOrderStore()
    let task = await store.send(.start)
    await task.finish()
    await store.skipReceivedActions()
    #expect(store.state.log == ["first", "fromFirst", "second"])
    await store.finish()
  }

  @Test func tasksAreHashableByWhatTheyStarted() async {
    let store = makeOrderStore()
    let first = await store.send(.tick) { $0.ticks = 1 }
    let second = await store.send(.tick) { $0.ticks = 2 }
    #expect(first == first)
    #expect(first != second)
    #expect(Set([first, second, first]).count == 2)
    await store.finish()
  }

  @Test func aTaskStillRunningAfterItsTimeoutFails() async {
    await expectFailures([
      """
      The effects of send(OrderAction.startTimer) were still running after 0.05 seconds.

      TestStoreTask.finish(timeout:) waits for the effects one send started. To fix: send the \
      actions that end them, cancel them with await task.cancel(), or give them more time with \
      finish(timeout:).
      """
    ]) {
      let store = makeOrderStore()
      let timer = await store.send(.startTimer)
      await timer.finish(timeout: .milliseconds(50))
      await timer.cancel()
      await store.finish()
    }
  }
}
