import DepsReference
import Testing

@testable import DepsReducer

/// The effect runtime held against `EffectReference` (ids, cancelInFlight, groups, store release)
/// on seeded random programs of test-driven effects (see `Differential` for the seed variables).
@MainActor @Suite struct EffectDifferentialTests {
  @Test func effectProgramsAgreeWithTheReference() async {
    let interpreter = EffectInterpreter(deadline: .seconds(5))
    let failure = await Differential.explore(
      "Effects", seeds: Differential.seeds(count: 400), shrinkBudget: 150,
      replay: "swift test --filter EffectDifferentialTests",
      generate: EffectStep.program, run: interpreter.run)
    #expect(failure == nil, "\(failure ?? "")")
  }
}

/// Effects that `.cancel(id:)` cancelled but that go on (issue 24): a later `cancelInFlight` start
/// with their id waits until they ended, as Docs/Effects.md says ("starts the new effect only once
/// they ended: the old and the new never run together"), and they send nothing.
///
/// Deterministic: a stubborn effect waits for the test's command until the program tells it to
/// end, so it is still running when the restart starts, and after each step `settle` waits until
/// the runtime shows the restart waiting. A restart that does not wait starts its work instead,
/// which the controller catches ("effect 5 started while effect 3, which it displaced, was
/// running").
extension EffectDifferentialTests {
  private func stubborn(_ n: Int, id: Int, cancelInFlight: Bool = true) -> EffectStep {
    .start(EffectSpec(n: n, cancelID: id, cancelInFlight: cancelInFlight, cooperative: false))
  }

  private func run(_ program: [EffectStep]) async -> String? {
    await EffectInterpreter(deadline: .seconds(5)).run(program)
  }

  /// As the programs first found it (seed 6, shrunk), with sends of effect 3 after its cancel.
  @Test func aCancelledEffectStillRunningIsWaitedFor() async {
    let failure = await run([
      stubborn(3, id: 1),
      .cancel(id: 1),
      .emit(3, value: 0),
      stubborn(5, id: 1),
      .emit(3, value: 1),
      .finish(3),
      .emit(5, value: 2),
    ])
    #expect(failure == nil, "\(failure ?? "")")
  }

  /// Effect 1 displaced effect 0 and waits for it when `.cancel(id:)` cancels it: effect 2 waits
  /// for both.
  @Test func aRestartCancelledWhileItWaitsIsWaitedFor() async {
    let failure = await run([
      stubborn(0, id: 1),
      stubborn(1, id: 1),
      .cancel(id: 1),
      stubborn(2, id: 1),
      .emit(0, value: 0),
      .finish(0),
      .emit(2, value: 1),
    ])
    #expect(failure == nil, "\(failure ?? "")")
  }

  /// A start with the id that does not cancel in flight runs at once, beside the cancelled effect;
  /// a restart then waits for both.
  @Test func aRestartWaitsForACancelledEffectAndALaterOne() async {
    let failure = await run([
      stubborn(0, id: 1, cancelInFlight: false),
      .cancel(id: 1),
      stubborn(1, id: 1, cancelInFlight: false),
      .emit(1, value: 0),
      stubborn(2, id: 1),
      .finish(1),
      .emit(0, value: 1),
      .finish(0),
      .emit(2, value: 2),
    ])
    #expect(failure == nil, "\(failure ?? "")")
  }

  /// The store goes while a cancelled effect and its restart are alive: the restart never starts
  /// its work, the cancelled effect sends nothing, and the runtime forgets both once they ended.
  @Test func releasingTheStoreWhileACancelledEffectRuns() async {
    let failure = await run([
      stubborn(0, id: 1),
      .cancel(id: 1),
      stubborn(1, id: 1),
      .releaseStore,
      .emit(0, value: 0),
      .finish(0),
    ])
    #expect(failure == nil, "\(failure ?? "")")
  }
}
