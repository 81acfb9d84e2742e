import DepsReducer
import DepsTestSupport
import Testing

// Merging, concatenating and mapping effects: `.none` drops out of a merge or a concatenation, a
// concatenation runs its effects one after another, and `map` turns the actions an effect sends.
//
// Ported from The Composable Architecture 0.x's `EffectOperationTests.swift` (tags
// 0.39.0–0.47.2). TCA inspects its effects' internal `operation`; here a store runs them and
// records what they sent. The composition tests that need a clock are in
// DepsTestingTests/DelayedEffectCompositionTests.swift.

@MainActor
@Suite(.tags(.portedFromTCA), .timeLimit(.minutes(1)))
struct EffectCompositionTests {
  // EffectOperationTests.testMergeDiscardsNones
  @Test func mergeDiscardsNones() async {
    let nones = recordingStore { .merge(.none, .none) }
    let task = nones.send(0)
    #expect(nones.runningEffectCount == 0)
    await task.finish()

    let runThenNone = recordingStore { .merge(.run { await $0(42) }, .none) }
    await runThenNone.send(0).finish()
    #expect(runThenNone.state == [42])

    let noneThenRun = recordingStore { .merge(.none, .run { await $0(42) }) }
    await noneThenRun.send(0).finish()
    #expect(noneThenRun.state == [42])
  }

  // EffectOperationTests.testConcatenateDiscardsNones
  @Test func concatenateDiscardsNones() async {
    let nones = recordingStore { .concatenate(.none, .none) }
    let task = nones.send(0)
    #expect(nones.runningEffectCount == 0)
    await task.finish()

    let runThenNone = recordingStore { .concatenate(.run { await $0(42) }, .none) }
    await runThenNone.send(0).finish()
    #expect(runThenNone.state == [42])

    let noneThenRun = recordingStore { .concatenate(.none, .run { await $0(42) }) }
    await noneThenRun.send(0).finish()
    #expect(noneThenRun.state == [42])
  }

  // EffectOperationTests.testConcatenateFuses
  @Test func concatenateFuses() async {
    let store = recordingStore {
      .concatenate(.run { await $0(42) }, .run { await $0(1729) })
    }
    await store.send(0).finish()
    #expect(store.state == [42, 1729])
  }

  // EffectOperationTests.testMap
  @Test func map() async {
    let store = Store(
      initialState: [String](),
      reducer: Reducer<[String], String, Void> { state, action, _ in
        if action == "start" {
          return Effect<Int>.run { await $0(42) }.map { "\($0)" }
        }
        state.append(action)
        return .none
      },
      environment: ())
    await store.send("start").finish()
    #expect(store.state == ["42"])
  }
}
