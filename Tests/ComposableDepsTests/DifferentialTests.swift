import ComposableDeps
import DepsReference
import Testing

/// ComposableDeps' fast read paths held against `TreeReference`, the module's rules as the docs
/// state them, on seeded random programs (see `Differential` for the seed variables).
@Suite struct ComposableDifferentialTests {
  @Test func everyReadRouteAgreesWithTheReference() async {
    let workers = [WorkerThread(name: "Differential 1"), WorkerThread(name: "Differential 2")]
    defer { workers.forEach { $0.stop() } }
    let interpreter = TreeInterpreter(workers: workers)
    let failure = await Differential.explore(
      "ComposableDeps", seeds: Differential.seeds(count: 1_500),
      replay: "swift test --filter ComposableDifferentialTests",
      generate: TreeStep.program, run: interpreter.run)
    #expect(failure == nil, "\(failure ?? "")")
  }
}
