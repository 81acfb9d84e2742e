import BenchmarkSupport
import ComposableDepsBenchmarks
import GlobalDepsBenchmarks
import PeerBenchmarks
import TestingBenchmarks

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#else
  #error("The benchmarks run on Apple platforms and Linux (Glibc): this platform has neither.")
#endif

#if DEBUG
  print(
    """
    WARNING: built in debug; numbers are meaningless. Run:
      swift run -c release --package-path Benchmarks Benchmarks

    """)
#endif

let arguments = CommandLine.arguments
let rounds = Int(arguments.first { $0.hasPrefix("--rounds=") }?.dropFirst(9) ?? "") ?? 15

// `--processes=N`: the same run (with the other arguments) in N processes one after another, and
// each row's and target's min, median and max over them (see `Processes`).
if let count = arguments.first(where: { $0.hasPrefix("--processes=") }).flatMap({ Int($0.dropFirst(12)) }) {
  let passed = Processes.run(
    count: max(1, count), arguments: arguments.dropFirst().filter { !$0.hasPrefix("--processes=") })
  exit(passed ? 0 : 1)
}
/// Whether this process is one of a `--processes=N` run's: it prints its values as `@` lines too.
let isProcessChild = arguments.contains(Processes.childFlag)

/// Target time of one batch; every variant runs one batch per round.
let batchNanoseconds: UInt64 = 2_000_000

let benchmarks =
  Baselines.all + GlobalDepsBenchmarks.all + ComposableDepsBenchmarks.all
  + ReducerBenchmarks.all + IdentifiedForEachBenchmarks.all + EffectBenchmarks.all + TestStoreBenchmarks.all
  + SwiftDependenciesBenchmarks.all
  + SwinjectBenchmarks.all

// `--profile=NAME --iterations=N`: run one variant N times and exit, for `valgrind --tool=callgrind`.
// NAME is the start of a row's name, or of `group/name` to pick a row that two groups share
// (`--profile=swift-dependencies/withDependencies`).
if let name = arguments.first(where: { $0.hasPrefix("--profile=") })?.dropFirst(10) {
  let iterations = Int(arguments.first { $0.hasPrefix("--iterations=") }?.dropFirst(13) ?? "") ?? 100_000
  let matches = { (benchmark: Benchmark) in
    benchmark.name.hasPrefix(name) || "\(benchmark.group)/\(benchmark.name)".hasPrefix(name)
  }
  guard let benchmark = benchmarks.first(where: matches) else {
    print("No variant starts with \(name); variants:\n" + benchmarks.map(\.name).joined(separator: "\n"))
    exit(1)
  }
  await benchmark.run(16)
  await benchmark.run(iterations)
  print("ran \(benchmark.name) \(iterations) times")
  exit(0)
}

// Size each batch to about `batchNanoseconds`, after a warm-up: the row's first 16 runs, timed on
// their own. They do the row's one-time work (a first derivation of child environments, a case
// path's first reflection, the runtime's first conformance lookups), which can take longer than
// `batchNanoseconds / 4`: sized on them, a row ran batches of a few dozen operations all process
// long, whose fixed cost per batch read as 1.5x to 45x the row's time. The size is then taken from the least of three timings, as one preempted timing
// would shrink the batch too. `--cold-sizing` sizes as before (no warm-up, one timing), to show it.
let coldSizing = arguments.contains("--cold-sizing")
/// The batch size of `benchmark`, and how long its warm-up took (nil with `--cold-sizing`).
func batchSize(_ benchmark: Benchmark) async -> (size: Int, warmUp: UInt64?) {
  let warmUp = coldSizing ? nil : await benchmark.measure(16)
  var n = 16
  while true {
    var elapsed = await benchmark.measure(n)
    if elapsed >= batchNanoseconds / 4 || n >= 1 << 26 {
      if !coldSizing {
        for _ in 0..<2 { elapsed = min(elapsed, await benchmark.measure(n)) }
      }
      return (max(1, Int(Double(n) * Double(batchNanoseconds) / Double(max(elapsed, 1)))), warmUp)
    }
    n *= 4
  }
}
// `--only=A|B`: run only the rows of group A or B, or whose names start with A or B, print each
// one's median and per-round samples, and stop (no targets: they need every row).
let only = arguments.first { $0.hasPrefix("--only=") }.map {
  $0.dropFirst(7).split(separator: "|").map(String.init)
}
let selected = benchmarks.map { benchmark in
  only.map { $0.contains { benchmark.group == $0 || benchmark.name.hasPrefix($0) } } ?? true
}
var sizes: [Int] = []
/// Nanoseconds of each row's warm-up (its first 16 runs), printed by `--only`.
var warmUps: [UInt64?] = []
for (benchmark, isSelected) in zip(benchmarks, selected) {
  let (size, warmUp) = isSelected ? await batchSize(benchmark) : (1, nil)
  sizes.append(size)
  warmUps.append(warmUp)
}

// Interleave: each round runs every variant once, so machine noise hits all alike.
var samples = Array(repeating: [Double](), count: benchmarks.count)
for _ in 0..<rounds {
  for (index, benchmark) in benchmarks.enumerated() where selected[index] {
    let elapsed = await benchmark.measure(sizes[index])
    samples[index].append(Double(elapsed) / Double(sizes[index]))
  }
}
let medians = samples.map(median)
if only != nil {
  for (index, benchmark) in benchmarks.enumerated() where selected[index] {
    let rounds = samples[index].map { Int($0) }
    let warmUp = warmUps[index].map { "first 16 runs \($0 / 1000) us; " } ?? ""
    print(
      "\(benchmark.group) / \(benchmark.name): \(format(medians[index], 2)) ns; \(warmUp)batch \(sizes[index]);",
      "rounds:", rounds)
    if isProcessChild {
      Processes.report(row: benchmark, medians[index], batch: sizes[index], rounds: samples[index])
    }
  }
  exit(0)
}
/// The median of the row named `name` (under `group`, when two groups have a row of that name).
func nanoseconds(_ name: String, in group: String? = nil) -> Double {
  medians[benchmarks.firstIndex { $0.name == name && (group == nil || $0.group == group) }!]
}

// Two threads against one, interleaved over rounds as well.
let scalings = [GlobalDepsBenchmarks.scaling, ComposableDepsBenchmarks.scaling, Baselines.scaling]
let scalingN = 2_000_000
var scalingSamples = Array(repeating: [Double](), count: scalings.count)
for _ in 0..<max(5, rounds / 2) {
  for (index, scaling) in scalings.enumerated() {
    let one = throughput(threads: 1, perThread: scalingN, scaling.run)
    let two = throughput(threads: 2, perThread: scalingN, scaling.run)
    scalingSamples[index].append(two / one)
  }
}
let scalingMedians = scalingSamples.map(median)

// MARK: Report

func format(_ value: Double, _ digits: Int = 1) -> String {
  guard value.isFinite else { return "n/a" }
  var text = String(Int((value * pow10(digits)).rounded()))
  if digits > 0 {
    while text.count <= digits { text = "0" + text }
    text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
  }
  return text
}
func pow10(_ digits: Int) -> Double { (0..<digits).reduce(1.0) { result, _ in result * 10 } }
func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
  let padding = String(repeating: " ", count: max(0, width - text.count))
  return left ? text + padding : padding + text
}

let baselineNames = [Baselines.stored, Baselines.dictionary, Baselines.mutexDictionary, Baselines.taskLocal]
let nameWidth = benchmarks.map(\.name.count).max()! + 2
print("Median ns per operation over \(rounds) interleaved rounds; xN = ratio to a baseline in this run.")
print()
print(
  pad("variant", nameWidth, left: true) + pad("ns/op", 10) + pad("x stored", 10) + pad("x dict", 9)
    + pad("x mutex", 9) + pad("x tasklocal", 12))
var group = ""
for (index, benchmark) in benchmarks.enumerated() {
  if benchmark.group != group {
    group = benchmark.group
    print("-- \(group)")
  }
  var line = pad(benchmark.name, nameWidth, left: true) + pad(format(medians[index], 2), 10)
  for (baseline, width) in zip(baselineNames, [10, 9, 9, 12]) {
    line += pad(format(medians[index] / nanoseconds(baseline), 2), width)
  }
  print(line)
}

/// Rows that do the same work in `GlobalDeps` and in a peer (Docs/Performance.md says what each
/// side does): what, our row, their group and row.
let peers: [(what: String, ours: String, group: String, theirs: String)] = [
  (
    "read, model made outside any scope", GlobalDepsBenchmarks.defaultModelRead, "swift-dependencies",
    SwiftDependenciesBenchmarks.defaultModelRead
  ),
  (
    "read, model made in withDependencies { set }", GlobalDepsBenchmarks.scopedModelRead,
    "swift-dependencies", SwiftDependenciesBenchmarks.scopedModelRead
  ),
  (
    "withDependencies { set } operation: { Model().x }", GlobalDepsBenchmarks.withDependenciesRead,
    "swift-dependencies", SwiftDependenciesBenchmarks.withDependenciesRead
  ),
  (
    "a shared service object, then .value", GlobalDepsBenchmarks.serviceRead, "Swinject",
    SwinjectBenchmarks.resolve
  ),
]
/// Their median over ours for the pair whose description is `what`.
func peerRatio(_ what: String) -> Double {
  let pair = peers.first { $0.what == what }!
  return nanoseconds(pair.theirs, in: pair.group) / nanoseconds(pair.ours, in: "GlobalDeps")
}
print()
print("Peers, the same work on both sides (median ns per operation):")
let peerLabels = peers.map { "\($0.what) (\($0.group))" }
let peerWidth = peerLabels.map(\.count).max()! + 4
print(pad("", peerWidth, left: true) + pad("GlobalDeps", 12) + pad("peer", 12) + pad("peer / ours", 13))
for (pair, label) in zip(peers, peerLabels) {
  let ours = nanoseconds(pair.ours, in: "GlobalDeps")
  let theirs = nanoseconds(pair.theirs, in: pair.group)
  print(
    "  " + pad(label, peerWidth - 2, left: true) + pad(format(ours, 2), 12) + pad(format(theirs, 2), 12)
      + pad(format(theirs / ours, 2) + "x", 13))
}

print()
print("Read throughput, 2 threads / 1 thread (median of \(scalingSamples[0].count) rounds):")
for (index, scaling) in scalings.enumerated() {
  print("  " + pad(scaling.name, 40, left: true) + format(scalingMedians[index], 2) + "x")
}
print()
print("Memory per environment node (mallinfo2 uordblks difference over 10,000 nodes):")
for (name, bytes) in ComposableDepsBenchmarks.memoryPerNode() {
  print("  " + pad(name, 42, left: true) + format(bytes, 0) + " bytes")
}

// MARK: Targets

let mutex = nanoseconds(Baselines.mutexDictionary)
let stored = nanoseconds(Baselines.stored)
let globalRead = nanoseconds("read, overridden value (@Dependency key path)")
let composable1 = nanoseconds("read at depth 1 (value set on the root)")
let composable64 = nanoseconds("read at depth 64 (value set on the root)")
let leaf = nanoseconds(ReducerBenchmarks.leaf)
let testReducer = nanoseconds(TestStoreBenchmarks.reducerDirect)
// One `Target` per line; `printTargets` prints PASS or MISS for each.
let targets = [
  Target("GlobalDeps read / mutex dictionary", globalRead / mutex, atMost: 1.2),
  Target("ComposableDeps read / mutex dictionary", composable1 / mutex, atMost: 1.5),
  // Issue 27: a read within 3x a plain field read (a class's stored property, the same sink).
  Target("GlobalDeps read / stored property read", globalRead / stored, atMost: 3),
  Target("ComposableDeps read / stored property read", composable1 / stored, atMost: 3),
  Target("depth-64 read / depth-1 read", composable64 / composable1, atMost: 1.2),
  Target("GlobalDeps 2 threads / 1 thread", scalingMedians[0], atLeast: 1.5),
  Target("ComposableDeps 2 threads / 1 thread", scalingMedians[1], atLeast: 1.5),
  Target(
    "swift-dependencies read / ours (model outside scopes)",
    peerRatio("read, model made outside any scope"), atLeast: 15),
  Target(
    "swift-dependencies read / ours (model made in a scope)",
    peerRatio("read, model made in withDependencies { set }"), atLeast: 3),
  Target(
    "withDependencies + read / swift-dependencies' one",
    1 / peerRatio("withDependencies { set } operation: { Model().x }"), atMost: 1.0 / 3),
  Target(
    "4 environment-less pullbacks / leaf reducer", nanoseconds(ReducerBenchmarks.environmentLess) / leaf,
    atMost: 15),
  Target(
    "4 hand-written pullbacks / leaf reducer", nanoseconds(ReducerBenchmarks.handWritten) / leaf, atMost: 15),
  Target(
    "forEach 1,000 rows / forEach 10 rows",
    nanoseconds(ReducerBenchmarks.forEach1000) / nanoseconds(ReducerBenchmarks.forEach10), atMost: 2),
  Target(
    "forEach 1,000 slice rows / forEach 10 slice rows",
    nanoseconds(ReducerBenchmarks.forEachSlice1000) / nanoseconds(ReducerBenchmarks.forEachSlice10), atMost: 2
  ),
  Target(
    "forEach IdentifiedArrayOf 10,000 rows / 10 rows",
    nanoseconds(IdentifiedForEachBenchmarks.rows10000) / nanoseconds(IdentifiedForEachBenchmarks.rows10),
    atMost: 2),
  Target(
    "Store.send effect / bare Task",
    nanoseconds(EffectBenchmarks.storeEffect) / nanoseconds(EffectBenchmarks.taskBaseline), atMost: 2),
  Target(
    "Store.send (.none effect) / reducer run directly",
    nanoseconds(EffectBenchmarks.storeSend) / nanoseconds(EffectBenchmarks.reducerDirect), atMost: 5),
  Target(
    "Store.send through 4 scopes / reducer run directly",
    nanoseconds(EffectBenchmarks.scopedSend) / nanoseconds(EffectBenchmarks.reducerDirect), atMost: 10),
  Target(
    "cancel-in-flight restart / bare Task",
    nanoseconds(EffectBenchmarks.storeRestart) / nanoseconds(EffectBenchmarks.restartBaseline), atMost: 3),
  // The test-loop rows (Docs/Performance.md, "Test loops"): a `TestStore.send` waits for effects
  // with 20 detached background tasks, as TCA's does; the bounds leave room for that, and the ratio
  // to the yields checks that the store's own work stays small beside them.
  Target(
    "TestStore.send with assert / reducer run directly",
    nanoseconds(TestStoreBenchmarks.testStoreSend) / testReducer, atMost: 100_000),
  Target(
    "TestStore.send + receive / reducer run directly",
    nanoseconds(TestStoreBenchmarks.testStoreReceive) / testReducer, atMost: 150_000),
  Target(
    "TestStore.send with assert / 20 detached yields",
    nanoseconds(TestStoreBenchmarks.testStoreSend) / nanoseconds(TestStoreBenchmarks.megaYield), atMost: 3),
  Target(
    "Store.send round trip / bare Task hop to the main actor",
    nanoseconds(TestStoreBenchmarks.storeRoundTrip) / nanoseconds(TestStoreBenchmarks.taskRoundTrip),
    atMost: 3),
]
printTargets(targets)
if isProcessChild {
  for (index, benchmark) in benchmarks.enumerated() {
    Processes.report(row: benchmark, medians[index], batch: sizes[index], rounds: samples[index])
  }
  for target in targets { Processes.report(target) }
}
