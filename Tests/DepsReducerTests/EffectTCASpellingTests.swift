import DepsCore
import DepsReducer
import Testing

// TCA 0.40's effect spellings: `Effect.task`, `Effect.fireAndForget`, `effect.fireAndForget()`,
// and types as cancellation ids.

private enum SearchID {}
private enum OtherID {}

private struct SpellingFailure: Error, Equatable {}

private enum SpellingAction: Equatable, Sendable {
  case task
  case taskFailing
  case taskCaught
  case taskCancelled
  case loaded(Int)
  case failed(String)
  case fireAndForget
  case fireAndForgetFailing
  case droppedEffect
  case longRunning(Int)
  case cancelByType
  case cancelByObjectIdentifier
  case cancelOtherType
  case finished(Int)
}

/// Records what effects did beyond sending actions.
private final class Events: Sendable {
  let log = Locked([String]())
  func record(_ event: String) { log.withLock { $0.append(event) } }
  var all: [String] { log.withLock { $0 } }
}

private func spellingReducer(_ events: Events) -> Reducer<[SpellingAction], SpellingAction, Void> {
  Reducer { state, action, _ in
    state.append(action)
    switch action {
    case .task:
      return .task { .loaded(42) }
    case .taskFailing:
      return .task { throw SpellingFailure() }
    case .taskCaught:
      return .task {
        throw SpellingFailure()
      } catch: { error in
        .failed("\(error)")
      }
    case .taskCancelled:
      return .task {
        throw CancellationError()
      } catch: { _ in
        .failed("handler called")
      }
    case .fireAndForget:
      return .fireAndForget { events.record("worked") }
    case .fireAndForgetFailing:
      return .fireAndForget { throw SpellingFailure() }
    case .droppedEffect:
      let effect = Effect<SpellingAction>.merge(
        .send(.loaded(1)),
        .run { send in
          events.record("ran")
          await send(.loaded(2))
          throw SpellingFailure()
        })
      return effect.fireAndForget()
    case .longRunning(let n):
      return .task {
        try await Task.sleep(for: .seconds(10))
        return .finished(n)
      }
      .cancellable(id: SearchID.self)
    case .cancelByType:
      return .cancel(id: SearchID.self)
    case .cancelByObjectIdentifier:
      return .cancel(id: ObjectIdentifier(SearchID.self))
    case .cancelOtherType:
      return .cancel(id: OtherID.self)
    case .loaded, .failed, .finished:
      return .none
    }
  }
}

@MainActor @Suite struct EffectTCASpellingTests {
  @Test func taskSendsWhatItReturns() async {
    let store = Store(initialState: [], reducer: spellingReducer(Events()), environment: ())
    await store.send(.task).finish()
    #expect(store.state == [.task, .loaded(42)])
  }

  @Test func taskCatchSendsTheHandlersAction() async {
    let store = Store(initialState: [], reducer: spellingReducer(Events()), environment: ())
    let (_, warnings) = await RuntimeWarnings.recording {
      await store.send(.taskCaught).finish()
    }
    #expect(warnings == [])
    #expect(store.state == [.taskCaught, .failed("SpellingFailure()")])
  }

  @Test func taskWithoutCatchWarnsNamingTheAction() async {
    let store = Store(initialState: [], reducer: spellingReducer(Events()), environment: ())
    let (_, warnings) = await RuntimeWarnings.recording {
      await store.send(.taskFailing).finish()
    }
    #expect(
      warnings == [
        """
        An effect threw an error that nothing caught.

          Action: SpellingAction.taskFailing
          Error: SpellingFailure()

        An error thrown from Effect.run(operation:) ends the effect and is lost. To fix: pass \
        run(operation:catch:) a catch closure that sends an action for the error, or catch it \
        inside the operation.
        """
      ])
    #expect(store.state == [.taskFailing])
  }

  @Test func taskCancellationErrorSkipsTheHandler() async {
    let store = Store(initialState: [], reducer: spellingReducer(Events()), environment: ())
    let (_, warnings) = await RuntimeWarnings.recording {
      await store.send(.taskCancelled).finish()
    }
    #expect(warnings == [])
    #expect(store.state == [.taskCancelled])
  }

  @Test func fireAndForgetRunsItsWorkAndSendsNothing() async {
    let events = Events()
    let store = Store(initialState: [], reducer: spellingReducer(events), environment: ())
    await store.send(.fireAndForget).finish()
    #expect(events.all == ["worked"])
    #expect(store.state == [.fireAndForget])
  }

  @Test func fireAndForgetIgnoresErrors() async {
    let store = Store(initialState: [], reducer: spellingReducer(Events()), environment: ())
    let (_, warnings) = await RuntimeWarnings.recording {
      await store.send(.fireAndForgetFailing).finish()
    }
    #expect(warnings == [])
    #expect(store.state == [.fireAndForgetFailing])
  }

  @Test func fireAndForgetMethodRunsTheEffectAndDropsItsActions() async {
    let events = Events()
    let store = Store(initialState: [], reducer: spellingReducer(events), environment: ())
    let (_, warnings) = await RuntimeWarnings.recording {
      await store.send(.droppedEffect).finish()
    }
    #expect(warnings == [])
    #expect(events.all == ["ran"])
    #expect(store.state == [.droppedEffect])
  }

  @Test func fireAndForgetMethodKeepsCancellation() async {
    let effect = Effect<Int>.cancel(id: SearchID.self).fireAndForget(outputType: String.self)
    guard case .cancel? = effect.operations.first else {
      Issue.record("expected the cancel to be kept, got \(effect.operations)")
      return
    }
    #expect(effect.operations.count == 1)
  }

  @Test func aTypeIDCancelsTheEffectsTiedToIt() async {
    let store = Store(initialState: [], reducer: spellingReducer(Events()), environment: ())
    let task = store.send(.longRunning(1))
    store.send(.cancelByType)
    await task.finish()
    #expect(store.state == [.longRunning(1), .cancelByType])
  }

  @Test func aTypeIDIsItsObjectIdentifier() async {
    let store = Store(initialState: [], reducer: spellingReducer(Events()), environment: ())
    let task = store.send(.longRunning(1))
    store.send(.cancelByObjectIdentifier)
    await task.finish()
    #expect(store.state == [.longRunning(1), .cancelByObjectIdentifier])
  }

  @Test func anotherTypeCancelsNothing() async {
    let store = Store(initialState: [], reducer: spellingReducer(Events()), environment: ())
    let task = store.send(.longRunning(1))
    store.send(.cancelOtherType)
    #expect(store.runningEffectCount == 1)
    task.cancel()
    await task.finish()
    #expect(store.state == [.longRunning(1), .cancelOtherType])
  }

  @Test func aTypeIDCancelsInFlight() async {
    let effect = Effect<Int>.run { _ in }.cancellable(id: SearchID.self, cancelInFlight: true)
    guard case .run(_, let cancellation?, _)? = effect.operations.first else {
      Issue.record("expected a cancellable run, got \(effect.operations)")
      return
    }
    #expect(cancellation.cancelInFlight)
    #expect(cancellation.id == EffectCancelID(ObjectIdentifier(SearchID.self)))
  }
}
