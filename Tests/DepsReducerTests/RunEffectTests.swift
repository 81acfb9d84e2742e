import DepsCore
import DepsReducer
import DepsTestSupport
import Testing

// What a `.run` effect sends: what its operation sends, its catch handler's action for an error it
// throws, and for an error nothing catches, nothing (a test failure with the text
// Docs/Effects.md documents).
//
// Ported from The Composable Architecture 0.x (tags 0.39.0–0.47.2): `testCatchToEffect` and
// `testTask` of `EffectTests.swift`, and `EffectFailureTests.swift`. `.catchToEffect()` and
// `.task` become `.run(operation:catch:)` and `.run`.

private struct UnexpectedError: Error {}

private enum FailureAction: Equatable, Sendable {
  case tapped
}

@MainActor
@Suite(.tags(.portedFromTCA), .timeLimit(.minutes(1)))
struct RunEffectTests {
  // EffectTests.testCatchToEffect: `.catchToEffect()` becomes `.run(operation:catch:)`.
  @Test func catchToEffect() async {
    struct Failure: Error, Equatable {}
    enum Action: Equatable, Sendable {
      case load(fails: Bool)
      case response(Result<Int, Failure>)
    }
    let reducer = Reducer<[Result<Int, Failure>], Action, Void> { state, action, _ in
      switch action {
      case .load(let fails):
        return .run { send in
          if fails { throw Failure() }
          await send(.response(.success(42)))
        } catch: { error, send in
          await send(.response(.failure(error as? Failure ?? Failure())))
        }
      case .response(let result):
        state.append(result)
        return .none
      }
    }
    let store = Store(initialState: [], reducer: reducer, environment: ())
    await store.send(.load(fails: false)).finish()
    #expect(store.state == [.success(42)])
    await store.send(.load(fails: true)).finish()
    #expect(store.state == [.success(42), .failure(Failure())])
  }

  // EffectTests.testTask: `.task { 42 }` becomes `.run { send in await send(42) }`.
  @Test func task() async {
    let store = recordingStore { .run { send in await send(42) } }
    await store.send(0).finish()
    #expect(store.state == [42])
  }

  // EffectFailureTests.testRunUnexpectedThrows and .testTaskUnexpectedThrows (`.task` is `.run`
  // here). TCA fails the test with 'An "EffectTask.run" returned from "<file>:<line>" threw an
  // unhandled error. …'; the text here is the one Docs/Effects.md documents.
  @Test func runUnexpectedThrows() async {
    let store = Store(
      initialState: 0,
      reducer: Reducer<Int, FailureAction, Void> { _, _, _ in
        .run { _ in throw UnexpectedError() }
      },
      environment: ())
    let texts = Locked<[String]>([])
    await withKnownIssue {
      await store.send(.tapped).finish()
    } matching: { issue in
      texts.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
      return true
    }
    #expect(
      texts.withLock { $0 } == [
        """
        An effect threw an error that nothing caught.

          Action: FailureAction.tapped
          Error: UnexpectedError()

        An error thrown from Effect.run(operation:) ends the effect and is lost. To fix: pass \
        run(operation:catch:) a catch closure that sends an action for the error, or catch it \
        inside the operation.
        """
      ])
  }
}
