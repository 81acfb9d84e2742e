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
      "GlobalDeps", seeds: Differential.seeds(count: 800),
      replay: "swift test --filter differentialProgramsAgreeWithTheReference",
      generate: GlobalStep.program, run: interpreter.run)
    #expect(failure == nil, "\(failure ?? "")")
  }
}
