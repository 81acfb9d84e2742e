/// A type-erased, immutable dependency value.
///
/// Values are boxed once when set or built, so reads pass a reference around instead of copying
/// an existential, and a cache hit is an unchecked downcast to ``ValueBox``.
@usableFromInline
package class AnyValueBox: @unchecked Sendable {
  // @unchecked: the base class has no stored state; see ``ValueBox``.
  package var valueDescription: String { "" }
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

/// What one ``Dependencies`` value wrote: the values set through it, one per key, found by a
/// linear scan, and the aliases declared through it.
///
/// A class, so that a `GlobalDeps` scope keeps its update's log as its own values, with no copy;
/// ``Dependencies`` copies it before writing when another value shares it. The first entry is
/// stored inline (most updates set one key; an array costs an allocation), and is no
/// `Optional<Entry>`, which the compiler copies through the runtime's generic value witnesses.
package final class WriteLog: @unchecked Sendable, ExpressibleByArrayLiteral {
  // @unchecked: changed only through the one `Dependencies` value that holds it uniquely, before
  // anything else can see it (a scope takes it once its update returned); never changed after.
  // @exclusivity(unchecked) for the same reason: the checks cost more than the reads they guard.

  /// The first key's entry; ``Entry/placeholder`` while the log is empty.
  @exclusivity(unchecked) private var first = Entry.placeholder
  /// Whether ``first`` is an entry of the log.
  @exclusivity(unchecked) package private(set) var isEmpty = true
  /// The other keys' entries.
  @exclusivity(unchecked) private var rest: [Entry] = []
  /// The aliases declared, for the scope the log updates.
  @exclusivity(unchecked) package var aliases = AliasBuilder()

  package init() {}

  package convenience init(arrayLiteral entries: Entry...) {
    self.init()
    for entry in entries { set(entry) }
  }

  /// A log with the same entries and aliases, to change without changing this one.
  package func copy() -> WriteLog {
    let copy = WriteLog()
    (copy.first, copy.isEmpty, copy.rest, copy.aliases) = (first, isEmpty, rest, aliases)
    return copy
  }

  /// The box of the key `id`'s entry, if the log holds one.
  @inline(__always)
  package func box(for id: ObjectIdentifier) -> AnyValueBox? {
    if isEmpty { return nil }
    if first.id.rawValue == id { return first.box }
    if rest.isEmpty { return nil }
    for index in rest.indices where rest[index].id.rawValue == id { return rest[index].box }
    return nil
  }

  /// Adds `entry`, replacing the entry of its key if the log holds one.
  package func set(_ entry: Entry) {
    if isEmpty || first.id == entry.id {
      first = entry
      isEmpty = false
    } else if let index = rest.firstIndex(where: { $0.id == entry.id }) {
      rest[index] = entry
    } else {
      rest.append(entry)
    }
  }

  /// Every entry, the first key's first.
  package var entries: [Entry] { isEmpty ? [] : [first] + rest }
}

/// The key of ``Entry/placeholder``, which no dependency reads.
private enum PlaceholderKey: DependencyKey {
  static var defaultValue: Void { () }
}

extension Entry {
  /// What an empty ``EntryList`` holds in place of an entry.
  fileprivate static let placeholder = Entry(id: DependencyID(PlaceholderKey.self), box: AnyValueBox())
}
