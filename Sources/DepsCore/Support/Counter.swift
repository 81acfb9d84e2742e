/// A process-wide source of increasing numbers (node serials, write order, thread ids): one
/// atomic add, with no lock.
///
/// A non-copyable struct over an ``AtomicWord``, so that a `static let` of it is, like the word, a
/// constant-initialized global on Linux: taking a number calls no lazy initializer (`swift_once`).
@usableFromInline
struct Counter: ~Copyable, Sendable {
  @usableFromInline let value: AtomicWord

  @inlinable
  init() { value = AtomicWord() }

  @inlinable
  func next() -> UInt64 { value.add(1) }
}
