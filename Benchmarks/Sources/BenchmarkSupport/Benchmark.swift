#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#else
  #error("The benchmarks run on Apple platforms and Linux (Glibc): this platform has neither.")
#endif

/// One measured operation: `run(n)` performs it `n` times.
public struct Benchmark: Sendable {
  /// How the operation runs: on the calling thread, or as an async loop on the main actor (for
  /// what must await, such as a `TestStore`).
  private enum Body: Sendable {
    case sync(@Sendable (Int) -> Void)
    case async(@MainActor @Sendable (Int) async -> Void)
  }

  /// The row's name in the table.
  public let name: String
  /// The group it is printed under.
  public let group: String
  private let body: Body

  /// Creates a row named `name` under `group`; `run(n)` must perform the operation `n` times.
  public init(_ group: String, _ name: String, run: @escaping @Sendable (Int) -> Void) {
    self.group = group
    self.name = name
    self.body = .sync(run)
  }

  /// Creates a row whose operation awaits: `run(n)` performs it `n` times on the main actor.
  public init(_ group: String, _ name: String, async run: @escaping @MainActor @Sendable (Int) async -> Void)
  {
    self.group = group
    self.name = name
    self.body = .async(run)
  }

  /// Performs the operation `n` times, on the main actor (the benchmark's top-level code).
  @MainActor
  public func run(_ n: Int) async {
    switch body {
    case .sync(let run): run(n)
    case .async(let run): await run(n)
    }
  }

  /// Nanoseconds that `n` runs of the operation take.
  @MainActor
  public func measure(_ n: Int) async -> UInt64 {
    switch body {
    case .sync(let run):
      return BenchmarkSupport.measure(n, run)
    case .async(let run):
      let start = now()
      await run(n)
      return now() - start
    }
  }
}

/// A throughput comparison: the same read loop on one thread, then on two at once.
public struct ScalingBenchmark: Sendable {
  /// The row's name.
  public let name: String
  /// Performs the read `n` times on the calling thread, sinking results into the thread's own sink.
  public let run: @Sendable (Int, ThreadSink) -> Void

  /// Creates a comparison named `name`; `run(n, sink)` must read `n` times into `sink`.
  public init(_ name: String, run: @escaping @Sendable (Int, ThreadSink) -> Void) {
    self.name = name
    self.run = run
  }
}

/// Monotonic nanoseconds.
@inline(__always)
public func now() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

/// Nanoseconds that `n` runs of `body` take.
@inline(never)
public func measure(_ n: Int, _ body: @Sendable (Int) -> Void) -> UInt64 {
  let start = now()
  body(n)
  return now() - start
}

/// The median of `values`.
public func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
