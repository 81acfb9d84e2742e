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

extension EffectDifferentialTests {
  /// `KnownIssues.cancelByIDForgetsRunningEffects`, as the programs first found it (seed 6,
  /// shrunk): effect 3 (id 1, cancelInFlight, goes on after a cancel) is cancelled by
  /// `.cancel(id: 1)` but still running when effect 5 (id 1, cancelInFlight) is started. Expected:
  /// effect 5 waits until effect 3 ended. Actual: "effect 5 started while effect 3, which it
  /// displaced, was running".
  @Test func aCancelledEffectStillRunningIsWaitedFor() async {
    let program: [EffectStep] = [
      .start(EffectSpec(n: 3, cancelID: 1, cancelInFlight: true, cooperative: false)),
      .cancel(id: 1),
      .start(EffectSpec(n: 5, cancelID: 1, cancelInFlight: true, cooperative: false)),
    ]
    let failure = await EffectInterpreter(deadline: .seconds(5), toleratesKnownIssues: false).run(program)
    // Intermittent: whether effect 3 is still running when effect 5 starts depends on scheduling
    // (a loaded machine ran it past its deadline before the start and recorded nothing).
    withKnownIssue(
      "cancel(id:) forgets running effects (KnownIssues.cancelByIDForgetsRunningEffects)",
      isIntermittent: true
    ) {
      #expect(failure == nil, "\(failure ?? "")")
    }
  }
}
