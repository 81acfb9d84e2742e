/// A type-erased, immutable dependency value.
///
/// Values are boxed once when set or built, so reads pass a reference around instead of copying
/// an existential, and a cache hit is an unchecked downcast to ``ValueBox``.
@usableFromInline
package class AnyValueBox: @unchecked Sendable {
  // @unchecked: the base class has no stored state; see ``ValueBox``.
  var valueDescription: String { "" }

  /// Whether the value is `object` itself (or an optional holding it).
  package func holds(_ object: AnyObject) -> Bool { false }

  /// The value, for a store that looks at what it built (its shutdown); never read on a read path.
  var anyValue: Any { () }
}

/// The box for one value of type `Value`: a value set or built (a key's `Sendable` value), or the
/// result of a `Dependencies` property's getter that one thread cached.
@usableFromInline
package final class ValueBox<Value>: AnyValueBox, @unchecked Sendable {
  // @unchecked: `value` is an immutable `let`. Boxes of set and built values hold a key's Sendable
  // value; a getter's result is read only by the thread that cached it, and other threads only
  // release it (when a purge empties that thread's cache).
  @usableFromInline package let value: Value

  @usableFromInline
  package init(_ value: Value) { self.value = value }

  override var valueDescription: String { String(describing: value) }

  override var anyValue: Any { value }

  package override func holds(_ object: AnyObject) -> Bool {
    // A value that is no class instance (nor an optional of one) becomes a new box, never `object`.
    (value as AnyObject) === object
  }
}

/// A value set on a store, with the order it was set in: within a group of aliased
/// dependencies, the latest write wins.
@usableFromInline
package struct Entry: Sendable {
  @usableFromInline package var id: DependencyID
  @usableFromInline package var box: AnyValueBox
  var sequence: UInt64

  @usableFromInline
  init(id: DependencyID, box: AnyValueBox) {
    self.init(id: id, box: box, sequence: WriteSequence.next())
  }

  init(id: DependencyID, box: AnyValueBox, sequence: UInt64) {
    self.id = id
    self.box = box
    self.sequence = sequence
  }
}

/// The process-wide order of writes. Writes are rare; reads never touch it.
enum WriteSequence {
  private static let counter = Counter()

  static func next() -> UInt64 { counter.next() }
}
