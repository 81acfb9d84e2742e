/// Defects of the library the differential tests found on main and tolerate until they are fixed,
/// each with a test of its own that shows it under `withKnownIssue` (so that a fix makes that
/// test fail and tells the fixer to remove the tolerance here).
package enum KnownIssues {
  /// `.cancel(id:)` forgets the effects it cancels at once, while their code may still run (a
  /// stubborn effect goes on; a cooperative one is still ending): a later
  /// `cancellable(id:cancelInFlight: true)` with that id starts without waiting for them, so the
  /// old and the new run together, which Docs/Effects.md rules out ("starts the new effect only
  /// once they ended: the old and the new never run together"). A `StoreTask.cancel()` keeps them,
  /// and the new effect waits.
  ///
  /// Test: `EffectDifferentialTests.aCancelledEffectStillRunningIsWaitedFor`.
  package static let cancelByIDForgetsRunningEffects = true
}
