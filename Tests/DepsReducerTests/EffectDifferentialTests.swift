import DepsReference
import Testing

@testable import DepsReducer

/// The effect runtime held against `EffectReference` (ids, cancelInFlight, groups, store release)
/// on seeded random programs of test-driven effects (see `Differential` for the seed variables).
@MainActor @Suite struct EffectDifferentialTests {
  @Test func effectProgramsAgreeWithTheReference() async {
    let interpreter = EffectInterpreter(deadline: .seconds(20))
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
  /// A program of issue 24, named in the test report.
  struct CancelledEffectProgram: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let steps: [EffectStep]
  }

  nonisolated private static func stubborn(_ n: Int, id: Int, cancelInFlight: Bool = true) -> EffectStep {
    .start(EffectSpec(n: n, cancelID: id, cancelInFlight: cancelInFlight, cooperative: false))
  }

  nonisolated static let cancelledEffectPrograms = [
    // As the programs first found it (seed 6, shrunk), with sends of effect 3 after its cancel.
    CancelledEffectProgram(
      testDescription: "effect 5 waits for effect 3, cancelled by id",
      steps: [
        stubborn(3, id: 1), .cancel(id: 1), .emit(3, value: 0), stubborn(5, id: 1), .emit(3, value: 1),
        .finish(3), .emit(5, value: 2),
      ]),
    // Effect 1 displaced effect 0 and waits for it when `.cancel(id:)` cancels it.
    CancelledEffectProgram(
      testDescription: "effect 2 waits for effect 0, displaced by effect 1, cancelled by id while it waited",
      steps: [
        stubborn(0, id: 1), stubborn(1, id: 1), .cancel(id: 1), stubborn(2, id: 1), .emit(0, value: 0),
        .finish(0), .emit(2, value: 1),
      ]),
    // A start with the id that does not cancel in flight runs at once, beside the cancelled effect.
    CancelledEffectProgram(
      testDescription: "effect 2 waits for effect 0, cancelled by id, and effect 1, started after",
      steps: [
        stubborn(0, id: 1, cancelInFlight: false), .cancel(id: 1), stubborn(1, id: 1, cancelInFlight: false),
        .emit(1, value: 0), stubborn(2, id: 1), .finish(1), .emit(0, value: 1), .finish(0),
        .emit(2, value: 2),
      ]),
    // The store goes: the restart never starts its work, and the runtime forgets both.
    CancelledEffectProgram(
      testDescription: "the store goes while effect 0, cancelled by id, runs and effect 1 waits",
      steps: [
        stubborn(0, id: 1), .cancel(id: 1), stubborn(1, id: 1), .releaseStore, .emit(0, value: 0), .finish(0),
      ]),
  ]

  @Test(arguments: cancelledEffectPrograms)
  func aCancelledEffectStillRunningIsWaitedFor(_ program: CancelledEffectProgram) async {
    let failure = await EffectInterpreter(deadline: .seconds(20)).run(program.steps)
    #expect(failure == nil, "\(program.testDescription): \(failure ?? "")")
  }
}
