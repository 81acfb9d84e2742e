import DepsReducer
import Testing

@MainActor @Suite struct EffectTests {
  @Test func noneDoesNothing() async {
    #expect(Effect<Int>.none.operations.isEmpty)
    #expect(await collectActions(Effect<Int>.none) == [])
  }

  @Test func sendSendsTheAction() async {
    #expect(await collectActions(Effect.send(1)) == [1])
  }

  @Test func runSendsWhatItsOperationSends() async {
    let effect = Effect<Int>.run { send in
      await send(1)
      await send(2)
    }
    #expect(await collectActions(effect) == [1, 2])
  }

  @Test func runKeepsItsPriority() {
    let effect = Effect<Int>.run(priority: .low) { _ in }
    guard case .run(let priority, _, _)? = effect.operations.first else {
      Issue.record("expected a run operation")
      return
    }
    #expect(priority == .low)
  }

  @Test func mergeKeepsOrder() async {
    let effect = Effect<Int>.merge(.send(1), .none, .run { send in await send(2) }, .send(3))
    #expect(effect.operations.count == 3)
    // Synchronous sends are handled at once, in order; the run's action arrives when it runs.
    #expect(await collectActions(effect) == [1, 3, 2])
    #expect(await collectActions(Effect.merge([.send(4), .send(5)])) == [4, 5])
  }

  @Test func mapTransformsSentActions() async {
    let effect = Effect<Int>.merge(.send(1), .run { send in await send(2) }).map { "\($0 * 10)" }
    #expect(await collectActions(effect) == ["10", "20"])
  }

  @Test func effectsAreSendableWhenActionsAre() {
    let effect: any Sendable = Effect<Int>.send(1)
    #expect(effect is Effect<Int>)
  }
}
