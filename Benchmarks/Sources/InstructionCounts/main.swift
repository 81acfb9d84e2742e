// Runs one benchmark row a given number of times and exits, for counting its instructions under
// callgrind (`Scripts/check-instruction-budgets.py`). It links only the library's own rows, so it
// builds without the peers (swift-dependencies, Swinject).
//
//   InstructionCounts --list             the row ids, one a line: id, tab, group / name
//   InstructionCounts ROW ITERATIONS     a warm-up of 16 runs, then ITERATIONS runs of ROW
//
// The script runs each row with N and 2N iterations and divides the difference by N: start-up,
// the rows' set-up and the warm-up cancel out.
import BenchmarkSupport
import ComposableDepsBenchmarks
import GlobalDepsBenchmarks

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#else
  #error("InstructionCounts: an unknown platform; import its C library here.")
#endif

#if DEBUG
  print("WARNING: built in debug; instruction counts of a debug build mean nothing.")
#endif

/// The rows that have instruction budgets (`Benchmarks/instruction-budgets.json`), by id. Each
/// names a row of the benchmark table by group and name, so both tools run the same code.
let rows: [(id: String, group: String, name: String)] = [
  ("globaldeps-read", "GlobalDeps", GlobalDepsBenchmarks.overriddenRead),
  ("globaldeps-read-call", "GlobalDeps", GlobalDepsBenchmarks.overriddenReadFromAMethod),
  ("globaldeps-read-entry", "GlobalDeps", GlobalDepsBenchmarks.overriddenEntryRead),
  ("composabledeps-read", "ComposableDeps", ComposableDepsBenchmarks.depth1Read),
  ("composabledeps-read-call", "ComposableDeps", ComposableDepsBenchmarks.depth1ReadFromAMethod),
  ("scoped-read", "GlobalDeps", GlobalDepsBenchmarks.scopedRead),
  ("read-while-scope-alive", "GlobalDeps", GlobalDepsBenchmarks.readWhileScopeAlive),
  ("withdependencies-read", "GlobalDeps", GlobalDepsBenchmarks.withDependenciesRead),
  ("model-made-read", "GlobalDeps", GlobalDepsBenchmarks.modelMadeAndRead),
  ("pullbacks-4", "Reducer", ReducerBenchmarks.environmentLess),
  ("foreach-identified-10", "Reducer", IdentifiedForEachBenchmarks.rows10),
  ("foreach-identified-10000", "Reducer", IdentifiedForEachBenchmarks.rows10000),
  ("store-send-none", "Store", EffectBenchmarks.storeSend),
  ("store-scopes-4", "Store", EffectBenchmarks.scopedSend),
  ("cancel-in-flight-restart", "Effects", EffectBenchmarks.storeRestart),
]

let benchmarks =
  GlobalDepsBenchmarks.all + ComposableDepsBenchmarks.all + ReducerBenchmarks.all
  + IdentifiedForEachBenchmarks.all + EffectBenchmarks.all
let arguments = Array(CommandLine.arguments.dropFirst())

if arguments == ["--list"] {
  for row in rows { print("\(row.id)\t\(row.group) / \(row.name)") }
  exit(0)
}
guard arguments.count == 2, let iterations = Int(arguments[1]), iterations >= 0 else {
  print("usage: InstructionCounts --list | InstructionCounts ROW ITERATIONS")
  exit(2)
}
guard let row = rows.first(where: { $0.id == arguments[0] }) else {
  print("No row \(arguments[0]); rows: " + rows.map(\.id).joined(separator: ", "))
  exit(2)
}
guard let benchmark = benchmarks.first(where: { $0.group == row.group && $0.name == row.name }) else {
  print("Row \(row.id) names \(row.group) / \(row.name), which no benchmark has.")
  exit(2)
}
await benchmark.run(16)
await benchmark.run(iterations)
