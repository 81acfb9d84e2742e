import Testing

/// A `@Dependency` that captured the only scope alive reads through it without looking up the
/// scope in force: no other scope can be in force then. Run in a process of its own
/// (`DepsContextProbe single-scope`), where no other test's scope is alive, the reads are held
/// against the same reads on the general path (one more scope alive) and the values the rules give.
@Suite struct SingleScopeReadTests {
  @Test func readsThroughTheOnlyScopeAliveAgreeWithTheGeneralPath() throws {
    let run = try Probe.run(["single-scope"])
    #expect(run.status == 0, "the probe stopped: \(run.errors)")
    #expect(run.output == "ok\n")
  }
}
