/// A type-erased, immutable dependency value.
///
/// Values are boxed once when set or built, so reads pass a reference around instead of copying
/// an existential, and a cache hit is an unchecked downcast to the key's ``ValueBox``.
@usableFromInline
package class AnyValueBox: @unchecked Sendable {
  // @unchecked: the base class has no stored state; subclasses only hold a `let` Sendable value.
  package var valueDescription: String { "" }
}

/// The box for one value of type `Value`.
package final class ValueBox<Value: Sendable>: AnyValueBox, @unchecked Sendable {
  // @unchecked: `value` is an immutable `let` of a Sendable type.
  package let value: Value

  package init(_ value: Value) { self.value = value }

  package override var valueDescription: String { String(describing: value) }
}

/// A value set on a store, with the order it was set in: within a group of aliased
/// dependencies, the latest write wins.
package struct Entry: Sendable {
  package var id: DependencyID
  package var box: AnyValueBox
  package var sequence: UInt64

  package init(id: DependencyID, box: AnyValueBox) {
    self.id = id
    self.box = box
    self.sequence = WriteSequence.next()
  }
}

/// The process-wide order of writes. Writes are rare; reads never touch it.
package enum WriteSequence {
  private static let counter = Counter()

  package static func next() -> UInt64 { counter.next() }
}
