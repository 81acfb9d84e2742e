#if canImport(Synchronization) && !canImport(Darwin)
  import Synchronization
#endif

/// A process-wide source of increasing numbers (node serials, write order, thread ids): one
/// atomic add, with no lock.
package final class Counter: Sendable {
  #if canImport(Synchronization) && !canImport(Darwin)
    private let value = Atomic<UInt64>(0)

    package init() {}

    /// The next number: 1 first, then 2, and so on; never the same twice.
    package func next() -> UInt64 {
      value.wrappingAdd(1, ordering: .relaxed).newValue
    }
  #else
    // Apple platforms before macOS 15 / iOS 18 have no `Synchronization`; a lock is correct.
    private let value = Locked<UInt64>(0)

    package init() {}

    package func next() -> UInt64 {
      value.withLock { value in
        value += 1
        return value
      }
    }
  #endif
}
