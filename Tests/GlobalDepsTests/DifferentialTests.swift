import DepsReference
import GlobalDeps
import Testing

extension GlobalStoreTests {
  /// GlobalDeps' read routes held against `ScopeReference`, the module's rules as the docs state
  /// them, on seeded random programs (see `Differential` for the seed variables). In the store
  /// suite: the programs write the store.
  @Test func differentialProgramsAgreeWithTheReference() async {
    let workers = [WorkerThread(name: "Differential 1"), WorkerThread(name: "Differential 2")]
    defer { workers.forEach { $0.stop() } }
    let interpreter = GlobalInterpreter(workers: workers)
    let failure = await Differential.explore(
      "GlobalDeps", seeds: Differential.seeds(count: 500),
      replay: "swift test --filter differentialProgramsAgreeWithTheReference",
      generate: GlobalStep.program, run: interpreter.run)
    #expect(failure == nil, "\(failure ?? "")")
  }
}

extension GlobalStoreTests {
  /// `KnownIssues.keyPathWriteBuildsTheDefault` in the store: `with(\.refDerived, _)` builds
  /// `derived`'s default, which reads `a`, so the report lists `a`'s default as built although
  /// nothing read it. Expected no `RefAKey` line; actual `RefAKey = 11 — default, built`.
  @Test func aKeyPathWriteBuildsNoDefault() async {
    let program: [GlobalStep] = [.storeSet(.derived, .int(1_001), .withKeyPath), .report]
    let failure = await GlobalInterpreter(workers: [], toleratesKnownIssues: false).run(program)
    withKnownIssue("with(\\.key, _) builds the key's default (KnownIssues.keyPathWriteBuildsTheDefault)") {
      #expect(failure == nil, "\(failure ?? "")")
    }
  }
}
