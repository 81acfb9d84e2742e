import ComposableDeps
import DepsCore
import DepsTestSupport
import DepsTesting
import Foundation
import Testing

// `.run` effects in a TestStore: what they send is received, a catch handler's action too, an
// error nothing catches fails the test, and a cancelled effect sends nothing, handler or not.
//
// Ported from The Composable Architecture 0.x (tags 0.39.0–0.47.2): `EffectRunTests.swift` and
// `EffectTaskTests.swift` (`.task` is `.run` here). How the ports check TCA's expected failures:
// `failureTexts(_:)`.

private enum RunAction: Equatable, Sendable { case tapped, response, responseA, responseB, cancel }
private struct RunFailure: Error {}
private struct RunCancelID: Hashable, Sendable {}

private let runReducer = Reducer<Int, RunAction, Void> { _, action, _ in
  switch action {
  case .tapped:
    return .run { send in await send(.response) }
  case .response, .responseA, .responseB:
    return .none
  case .cancel:
    return .cancel(id: RunCancelID())
  }
}

private let runCatchReducer = Reducer<Int, RunAction, Void> { _, action, _ in
  switch action {
  case .tapped:
    return .run { _ in
      throw RunFailure()
    } catch: { _, send in
      await send(.response)
    }
  default:
    return .none
  }
}

private let runUnhandledReducer = Reducer<Int, RunAction, Void> { _, action, _ in
  switch action {
  case .tapped:
    return .run { _ in throw RunFailure() }
  default:
    return .none
  }
}

/// TCA's `Task.cancel(id:)` from inside the effect has no counterpart: the effect sends an
/// action whose reducer returns `.cancel(id:)`, which the test receives.
private func runCancellationReducer(withCatch: Bool) -> Reducer<Int, RunAction, Void> {
  Reducer { _, action, _ in
    switch action {
    case .tapped:
      let operation: @Sendable (Send<RunAction>) async throws -> Void = { send in
        await send(.cancel)
        try Task.checkCancellation()
        await send(.responseA)
      }
      let effect: Effect<RunAction> =
        withCatch
        ? .run(operation: operation, catch: { _, send in await send(.responseB) })
        : .run(operation: operation)
      return effect.cancellable(id: RunCancelID())
    case .cancel:
      return .cancel(id: RunCancelID())
    default:
      return .none
    }
  }
}

@MainActor
@Suite(.tags(.portedFromTCA), .timeLimit(.minutes(1)))
struct TestStoreRunEffectTests {
  private func run(_ reducer: Reducer<Int, RunAction, Void>) async {
    let store = TestStore(initialState: 0, reducer: reducer, environment: ())
    await store.send(.tapped)
    await store.receive(.response)
    await store.finish()
  }

  // EffectRunTests.testRun
  @Test func run() async { await run(runReducer) }
  // EffectTaskTests.testTask
  @Test func task() async { await run(runReducer) }
  // EffectRunTests.testRunCatch
  @Test func runCatch() async { await run(runCatchReducer) }
  // EffectTaskTests.testTaskCatch
  @Test func taskCatch() async { await run(runCatchReducer) }

  // EffectRunTests.testRunUnhandledFailure and EffectTaskTests.testTaskUnhandledFailure. TCA's
  // text: 'An "EffectTask.run" returned from "<file>:<line>" threw an unhandled error. …'; this
  // library's is documented in Docs/Effects.md and API.md.
  @Test func runUnhandledFailure() async {
    let failures = await failureTexts {
      let store = TestStore(initialState: 0, reducer: runUnhandledReducer, environment: ())
      await store.send(.tapped).finish()
      await store.finish()
    }
    #expect(
      failures == [
        """
        An effect threw an error that nothing caught.

          Action: RunAction.tapped
          Error: RunFailure()

        An error thrown from Effect.run(operation:) ends the effect and is lost. To fix: pass \
        run(operation:catch:) a catch closure that sends an action for the error, or catch it \
        inside the operation.
        """
      ])
  }

  // EffectRunTests.testRunCancellation and EffectTaskTests.testTaskCancellation
  @Test func runCancellation() async {
    let store = TestStore(
      initialState: 0, reducer: runCancellationReducer(withCatch: false), environment: ())
    let task = await store.send(.tapped)
    await store.receive(.cancel)
    await task.finish()
    await store.finish()
  }

  // EffectRunTests.testRunCancellationCatch and EffectTaskTests.testTaskCancellationCatch: the
  // catch handler does not run for a cancelled effect.
  @Test func runCancellationCatch() async {
    let store = TestStore(
      initialState: 0, reducer: runCancellationReducer(withCatch: true), environment: ())
    let task = await store.send(.tapped)
    await store.receive(.cancel)
    await task.finish()
    await store.finish()
  }
}
