import BenchmarkSupport
import ComposableDeps

private enum ValueKey: DependencyKey { static let defaultValue = 0 }
private enum WrittenKey: DependencyKey { static let defaultValue = 0 }

extension Dependencies {
  fileprivate var value: Int {
    get { self[ValueKey.self] }
    set { self[ValueKey.self] = newValue }
  }
  fileprivate var written: Int {
    get { self[WrittenKey.self] }
    set { self[WrittenKey.self] = newValue }
  }
}

/// A node of a chain of environments: each derives the next.
private final class ChainEnvironment: ComposableEnvironment {
  @Dependency(\.value) var value
  @Derived var child: ChainEnvironment

  /// Reads `value` in a method of its own, as feature code reads: the read is inlined into the
  /// method, which the loop calls.
  @inline(never)
  func valueFromAMethod() -> Int { value }

  /// Reads `value` `n` times from a method, where `self` is borrowed, as feature code reads.
  @inline(never)
  func readLoop(_ n: Int, into sink: ThreadSink) {
    for _ in 0..<n { sink(value) }
  }
}

/// The environment `depth` steps below `root`.
private func descendant(of root: ChainEnvironment, depth: Int) -> ChainEnvironment {
  var node = root
  for _ in 0..<depth { node = node.child }
  return node
}

/// The `ComposableDeps` rows.
public enum ComposableDepsBenchmarks {
  /// The read at depth 1; the rows at depths 8 and 64 are named alike.
  public static let depth1Read = "read at depth 1 (value set on the root)"
  /// The read of ``depth1Read`` in a method that the loop calls.
  public static let depth1ReadFromAMethod = "read at depth 1, from a method"

  /// ComposableDeps reads at depths 1, 8 and 64, and the cost of `with`.
  public static var all: [Benchmark] {
    let root = ChainEnvironment().with(\.value, 1)
    let depths = [1, 8, 64]
    var benchmarks = depths.map { depth in
      let node = Unchecked(descendant(of: root, depth: depth))
      return Benchmark("ComposableDeps", "read at depth \(depth) (value set on the root)") { n in
        let environment = opaque(node.value)
        for _ in 0..<n { blackHole(environment.value) }
      }
    }
    let child = Unchecked(descendant(of: root, depth: 1))
    benchmarks.insert(
      Benchmark("ComposableDeps", depth1ReadFromAMethod) { n in
        let environment = opaque(child.value)
        for _ in 0..<n { blackHole(environment.valueFromAMethod()) }
      }, at: 1)
    let writer = Unchecked(ChainEnvironment())
    benchmarks.append(
      Benchmark("ComposableDeps", "with(\\.key, value) write") { n in
        let environment = opaque(writer.value)
        for i in 0..<n { environment.with(\.written, i) }
      })
    return benchmarks
  }

  /// The read loop for the two-thread throughput comparison: both threads read one environment.
  public static var scaling: ScalingBenchmark {
    let root = ChainEnvironment().with(\.value, 1)
    let node = Unchecked(descendant(of: root, depth: 8))
    return ScalingBenchmark("ComposableDeps read (depth 8)") { n, sink in
      opaque(node.value).readLoop(n, into: sink)
    }
  }

  /// Heap bytes per environment: bare roots, roots with one value set, and derived children.
  public static func memoryPerNode(count: Int = 10_000) -> [(String, Double)] {
    var results: [(String, Double)] = []
    func perNode(_ build: (inout [ChainEnvironment]) -> Void) -> Double {
      var environments: [ChainEnvironment] = []
      environments.reserveCapacity(count + 1)
      guard let before = heapBytesInUse() else { return .nan }
      build(&environments)
      let after = heapBytesInUse()!
      withExtendedLifetime(environments) {}
      return Double(after - before) / Double(count)
    }
    results.append(
      (
        "ComposableEnvironment root, nothing set",
        perNode { for _ in 0..<count { $0.append(ChainEnvironment()) } }
      ))
    results.append(
      (
        "root with one value set (with)",
        perNode { for i in 0..<count { $0.append(ChainEnvironment().with(\.value, i)) } }
      ))
    results.append(
      (
        "derived child (@Derived, first access)",
        perNode { environments in
          let root = ChainEnvironment()
          environments.append(root)
          var node = root
          for _ in 0..<count {
            node = node.child
            environments.append(node)
          }
        }
      ))
    return results
  }
}
