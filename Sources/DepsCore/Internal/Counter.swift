/// A process-wide source of increasing numbers (node serials, write order, thread ids): one
/// atomic add, with no lock.
package final class Counter: Sendable {
  private let value = AtomicWord()

  package init() {}

  /// The next number: 1 first, then 2, and so on; never the same twice.
  package func next() -> UInt64 { value.add(1) }
}
