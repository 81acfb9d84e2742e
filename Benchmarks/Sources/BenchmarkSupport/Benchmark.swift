#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#else
  #error("The benchmarks run on Apple platforms and Linux (Glibc): this platform has neither.")
#endif

/// One measured operation: `run(n)` performs it `n` times.
public struct Benchmark: Sendable {
  /// The row's name in the table.
  public let name: String
  /// The group it is printed under.
  public let group: String
  /// Performs the operation `n` times, sinking every result.
  public let run: @Sendable (Int) -> Void

  /// Creates a row named `name` under `group`; `run(n)` must perform the operation `n` times.
  public init(_ group: String, _ name: String, run: @escaping @Sendable (Int) -> Void) {
    self.group = group
    self.name = name
    self.run = run
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
