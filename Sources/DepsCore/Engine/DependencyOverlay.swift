/// The values one ``Dependencies`` value wrote, one per key; in `GlobalDeps`, also a
/// `withDependencies` scope: its update's values, published (``publish(links:)``) with links to
/// the scope it was made in, which `GlobalDeps` defines.
///
/// One class for both, so that a scope is its update's writes with no copy. ``Dependencies`` makes
/// it on its first write, as a ``TypedOverlay`` that holds that first value inline, for its type:
/// most updates set one key, and a scope is then one allocation, its value's box saved. Further
/// values go into boxes in an array, found by a linear scan (they are few). `Dependencies` copies
/// it before writing when another `Dependencies` value shares it; it changes only while that one
/// value holds it, before anything else can see it, and
/// ``publish(links:)`` is its last change.
@usableFromInline
package class DependencyOverlay: @unchecked Sendable {
  // @unchecked: changed only before it is shared (see above), immutable after; `cached` is atomic.
  // @exclusivity(unchecked) for the same reason: the dynamic checks cost more than the reads.

  // MARK: Written values

  /// The key of the value a ``TypedOverlay`` holds inline; `nil` for none.
  @usableFromInline package final let inlineKey: ObjectIdentifier?
  /// The inline value's key type and write order, for ``entries``.
  fileprivate let inlineID: DependencyID?
  private let inlineSequence: UInt64
  /// The values written in boxes.
  @exclusivity(unchecked) private var boxed: [Entry] = []
  /// The aliases declared through the `Dependencies` value, for the scope it updates.
  @exclusivity(unchecked) package final var declaredAliases = AliasBuilder()

  /// Whether ``declaredAliases`` holds any (read here, where the check is not dynamic).
  package final var declaresAliases: Bool { !declaredAliases.pairs.isEmpty }

  /// Values with nothing written yet.
  package init() {
    (inlineKey, inlineID, inlineSequence) = (nil, nil, 0)
  }

  /// Values whose first is `id`'s, held inline by the ``TypedOverlay`` this initializes.
  @usableFromInline
  init(inline id: DependencyID) {
    (inlineKey, inlineID, inlineSequence) = (id.rawValue, id, WriteSequence.next())
  }

  /// Values with `entries` written, in order, all in boxes.
  package convenience init(_ entries: some Sequence<Entry>) {
    self.init()
    for entry in entries { set(entry) }
  }

  /// Values and declared aliases like these, to change without changing these; not a scope.
  package final func copy() -> DependencyOverlay {
    copy(dropping: nil)
  }

  /// Like ``copy()``, without the inline value when its key is `key` (about to be written anew).
  package final func copy(dropping key: ObjectIdentifier?) -> DependencyOverlay {
    let copy =
      inlineKey == nil || inlineKey == key ? DependencyOverlay() : copyHoldingInlineValue()
    (copy.boxed, copy.declaredAliases) = (boxed, declaredAliases)
    return copy
  }

  /// An empty ``TypedOverlay`` holding the same inline value; ``TypedOverlay`` overrides it.
  fileprivate func copyHoldingInlineValue() -> DependencyOverlay {
    preconditionFailure("Deps: only a TypedOverlay holds a value inline.")
  }

  /// The inline value in a box of its own; ``TypedOverlay`` overrides it.
  fileprivate func boxInlineValue() -> AnyValueBox {
    preconditionFailure("Deps: only a TypedOverlay holds a value inline.")
  }

  /// Where the value written for the key `id` is, if one was, unretained: valid while these
  /// values are.
  @inline(__always)
  package final func ownValue(for id: ObjectIdentifier) -> SetValue? {
    if inlineKey == id { return .inline(Unmanaged.passUnretained(self)) }
    if boxed.isEmpty { return nil }
    for index in boxed.indices where boxed[index].id.rawValue == id {
      return .boxed(Unmanaged.passUnretained(boxed[index].box))
    }
    return nil
  }

  /// The box of the value written for the key `id`, if one was; the inline value is boxed anew.
  package final func ownBox(for id: ObjectIdentifier) -> AnyValueBox? {
    switch ownValue(for: id) {
    case .inline: boxInlineValue()
    case .boxed(let box): box.takeUnretainedValue()
    case nil: nil
    }
  }

  /// Writes `entry` in a box; the key must not be the inline value's (see ``copy(dropping:)``).
  package final func set(_ entry: Entry) {
    assert(!isPublished, "Deps: published values were changed.")
    assert(inlineKey != entry.id.rawValue, "Deps: the inline value was written over in place.")
    if let index = boxed.firstIndex(where: { $0.id == entry.id }) {
      boxed[index] = entry
    } else {
      boxed.append(entry)
    }
  }

  /// Whether nothing is written.
  package final var isEmpty: Bool { inlineKey == nil && boxed.isEmpty }

  /// Every written entry, the inline value's first (boxed anew).
  package final var entries: [Entry] {
    guard let inlineID else { return boxed }
    return [Entry(id: inlineID, box: boxInlineValue(), sequence: inlineSequence)] + boxed
  }

  // MARK: Published

  // What makes these values a `GlobalDeps` scope is that module's (`ScopeLinks`, and the rules in
  // `DependencyOverlay+Scope.swift` there): here are only what every published overlay has, its
  // cache identity, and the count the read path checks. Private, read through the getters below:
  // another module reading a class's stored `var` checks exclusivity dynamically
  // (`swift_beginAccess`) whatever `@exclusivity(unchecked)` says; a getter compiled here reads it
  // unchecked.
  @exclusivity(unchecked) private var _serial: UInt64 = 0
  @exclusivity(unchecked) private var _links: AnyObject?

  /// Whether these values are published: shared, and changed no more (see ``publish(links:)``).
  /// In `GlobalDeps`, whether they are a `withDependencies` scope.
  package final var isPublished: Bool { _serial != 0 }

  /// What the module that published these values attached to them (`GlobalDeps`: a scope's
  /// parent, defaults, aliases…); `nil` for nothing.
  package final var links: AnyObject? { _links }

  /// What the per-thread read caches store reads through these published values under; never
  /// reused, 0 before they are published. (Not the overlay's address: a thread remembers the last
  /// scope it read through, see `ThreadReadCache.scopeRead(scope:key:as:)`, and the next scope is
  /// often made at the address the last one freed.)
  @usableFromInline package final var serial: UInt64 { _serial }

  /// Not 0 once some thread cached a read under ``serial``: the overlay's end then purges it.
  private let cached = AtomicWord()

  /// How many published overlays (`GlobalDeps`' scopes) are alive: while none is, no task can have
  /// a scope in force, and reads skip the task-local lookup.
  @inlinable @inline(__always)
  package static func scopesAliveCount() -> UInt64 { ReadPathWords.scopesAlive }

  /// Publishes these values, with `links` attached: their last change, before they are shared.
  /// They get a ``serial`` of their own and count among ``scopesAliveCount()`` until freed.
  package final func publish(links: AnyObject?) {
    precondition(!isPublished, "Deps: values were published twice.")
    _links = links
    _serial = ThreadReadCache.newScope()
    ReadPathWords.scopeMade()
  }

  /// Records that a read is about to be cached under ``serial``; call it before caching it.
  package final func willCache() {
    if cached.load() == 0 { cached.store(1) }
  }

  deinit {
    guard isPublished else { return }
    // Reads through these values can no longer happen; what threads cached for them must not
    // outlive them.
    if cached.load() != 0 { ThreadReadCache.purge(scope: serial) }
    ReadPathWords.scopeFreed()
  }
}

/// Values whose first, for its key, is held inline, as its `Value`: what a `Dependencies` value's
/// first write makes (see ``DependencyOverlay``).
@usableFromInline
package final class TypedOverlay<Value>: DependencyOverlay, @unchecked Sendable {
  // @unchecked: `inlineValue` is immutable; a key's `Value` is `Sendable`.
  @usableFromInline package let inlineValue: Value

  /// Values whose first is `value`, for the key `id`. Inlinable, so that the first write of an
  /// update is specialized for the value's type where it is written.
  @inlinable
  package init(inline id: DependencyID, value: Value) {
    inlineValue = value
    super.init(inline: id)
  }

  fileprivate override func copyHoldingInlineValue() -> DependencyOverlay {
    // Set: a `TypedOverlay` is made with its inline value's key.
    TypedOverlay(inline: inlineID!, value: inlineValue)
  }

  fileprivate override func boxInlineValue() -> AnyValueBox { ValueBox(inlineValue) }
}

/// Where a value set under a key is, unretained: in a box, or inline in a ``TypedOverlay``.
@usableFromInline
package enum SetValue {
  case boxed(Unmanaged<AnyValueBox>)
  case inline(Unmanaged<DependencyOverlay>)

  /// The value, for the key type whose `Value` it is. Valid while what holds it is.
  @inlinable @inline(__always)
  package func value<Value>(as _: Value.Type) -> Value {
    switch self {
    case .boxed(let box):
      // A box set under a key holds a value of the key's `Value`.
      box._withUnsafeGuaranteedRef {
        assert($0 is ValueBox<Value>, "Deps: a \(Value.self) read found a \(type(of: $0)).")
        return unsafeDowncast($0, to: ValueBox<Value>.self).value
      }
    case .inline(let overlay):
      // The first write of a key made a `TypedOverlay` of the key's `Value`.
      overlay._withUnsafeGuaranteedRef {
        assert($0 is TypedOverlay<Value>, "Deps: a \(Value.self) read found a \(type(of: $0)).")
        return unsafeDowncast($0, to: TypedOverlay<Value>.self).inlineValue
      }
    }
  }
}
