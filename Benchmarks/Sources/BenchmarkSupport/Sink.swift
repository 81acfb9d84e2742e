import CHeapInfo

/// Consumes `value` in a way the optimizer cannot see through: a call into C that adds it to a
/// global. (A Swift global would add a dynamic exclusivity check to every sink.)
@inline(__always)
public func blackHole(_ value: Int) {
  bench_black_hole(value)
}

/// Returns `value` unchanged, hiding it from the optimizer so loop inputs are not constant-folded.
@inline(never)
public func opaque<T>(_ value: T) -> T { value }

/// Carries a value that is not `Sendable` into a benchmark closure. The benchmarks only read
/// through thread-safe APIs, so sharing is sound.
public struct Unchecked<Value>: @unchecked Sendable {
  // @unchecked: only used for values whose APIs are documented thread-safe.
  /// The carried value.
  public let value: Value
  /// Wraps `value`.
  public init(_ value: Value) { self.value = value }
}

/// A sink owned by one thread, on a cache line of its own: threads that sink into a shared
/// global would contend on it and hide how the measured code scales.
public struct ThreadSink: @unchecked Sendable {
  // @unchecked: each thread gets its own sink.
  private let slot: UnsafeMutablePointer<Int>

  /// Allocates a sink; ``free()`` releases it.
  public init() {
    let raw = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 128)
    slot = raw.bindMemory(to: Int.self, capacity: 32)
    slot.initialize(to: 0)
  }

  /// Consumes `value` in a way the optimizer cannot see through.
  @inline(never)
  public func callAsFunction(_ value: Int) {
    slot.pointee &+= value
  }

  /// Releases the sink's memory, adding its total to the global sink.
  public func free() {
    blackHole(slot.pointee)
    UnsafeMutableRawPointer(slot).deallocate()
  }
}
