/// The values one ``Dependencies`` value wrote, one per key; in `GlobalDeps`, also a
/// `withDependencies` scope: its update's values over the scope it was made in.
///
/// One class for both, so that a scope is its update's writes with no copy. ``Dependencies`` makes
/// it on its first write, as a ``TypedOverlay`` that holds that first value inline, for its type:
/// most updates set one key, and a scope is then one allocation, its value's box saved. Further
/// values go into boxes in an array, found by a linear scan (they are few). `Dependencies` copies
/// it before writing when another `Dependencies` value shares it; it changes only while that one
/// value holds it, before anything else can see it, and
/// ``makeScope(parent:aliases:defaults:)`` (or ``makeScope(parent:fallback:)``), which publishes it
/// as a scope, is its last change.
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
    assert(!_isScope, "Deps: a scope's values were changed.")
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

  // MARK: Scope

  // The scope's fields: private, read through the getters below. Another module reading a
  // class's stored `var` checks exclusivity dynamically (`swift_beginAccess`) whatever
  // `@exclusivity(unchecked)` says; a getter compiled here reads it unchecked.
  @exclusivity(unchecked) fileprivate var _isScope = false
  @exclusivity(unchecked) private var _parent: DependencyOverlay?
  @exclusivity(unchecked) private var _fallback: DependencyOverlay?
  @exclusivity(unchecked) private var _searchOrder: [DependencyOverlay]?
  @exclusivity(unchecked) private var _aliases: AliasTable?
  @exclusivity(unchecked) private var _chainDeclaresAliases = false
  @exclusivity(unchecked) private var _defaults: DefaultValues?
  @exclusivity(unchecked) private var _ownsDefaults = false
  @exclusivity(unchecked) private var _serial: UInt64 = 0
  @exclusivity(unchecked) private var _usage: DependencyUsageLedger?
  @exclusivity(unchecked) private var _resolvesAlongLevels = false

  /// Whether these values are a `withDependencies` scope (see
  /// ``makeScope(parent:aliases:defaults:)``).
  package final var isScope: Bool { _isScope }
  /// The scope this one was made inside of.
  package final var parent: DependencyOverlay? { _parent }
  /// ``parent``, unretained: valid while this scope is, which holds it.
  package final var unownedParent: Unmanaged<DependencyOverlay>? { _parent.map { .passUnretained($0) } }
  /// The scope searched after ``parent`` and the scopes around it, or `nil` for none: the scope a
  /// model was made in, for the scope `withDependencies(from:)` makes while another is in force.
  package final var fallback: DependencyOverlay? { _fallback }
  /// The aliases this scope declared (those that closed no cycle), or `nil` for none.
  package final var aliases: AliasTable? { _aliases }
  /// Whether this scope or one around it declared aliases.
  package final var chainDeclaresAliases: Bool { _chainDeclaresAliases }
  /// What reads in this scope and the scopes nested in it record, in a test process; `nil`
  /// elsewhere.
  package final var usage: DependencyUsageLedger? { _usage }
  /// Whether a read in this scope resolves along the levels of its path, the general way, rather
  /// than by a search of the scopes' values: when aliases are declared (``chainDeclaresAliases``),
  /// or when the scope records its ``usage``, which that path records.
  package final var resolvesAlongLevels: Bool { _resolvesAlongLevels }
  /// The defaults reads in this scope build and get: its own, or those of the nearest scope around
  /// it that has them; `nil` for the store's.
  package final var defaults: DefaultValues? { _defaults }
  /// Whether ``defaults`` is set; asked without retaining them.
  package final var hasDefaults: Bool { _defaults != nil }
  /// Whether ``defaults`` are this scope's own.
  package final var ownsDefaults: Bool { _ownsDefaults }
  /// What the per-thread read caches store this scope's reads under; never reused. (Not the
  /// scope's address: a thread remembers the last scope it read through, see
  /// `ThreadReadCache.scopeRead(scope:key:as:)`, and the next scope is often made at the address the
  /// last one freed.)
  @usableFromInline package final var serial: UInt64 { _serial }

  /// Not 0 once some thread cached a read under ``serial``: the scope's end then purges it.
  private let cached = AtomicWord()

  /// How many scopes are alive.
  @inlinable @inline(__always)
  package static func scopesAliveCount() -> UInt64 { readPathWords.scopesAlive.load() }

  /// Makes these values a scope inside `parent`: the last change, before the scope is shared.
  ///
  /// - Parameters:
  ///   - parent: The scope in force around this one, or `nil` for an outermost scope.
  ///   - aliases: The aliases the scope declares, checked against those in force around it.
  ///   - defaults: The defaults the scope builds, when it owns its defaults; else `nil`, for its
  ///     parent's.
  ///   - usage: What the scope records of its use: given for an outermost scope in a test
  ///     process; a scope inside one that records makes its own.
  package final func makeScope(
    parent: DependencyOverlay?, aliases: AliasTable?, defaults: DefaultValues?,
    usage: DependencyUsageLedger? = nil
  ) {
    precondition(!_isScope, "Deps: values were made a scope twice.")
    // The fields are as `init` left them (nil, false): set only those that differ, which for most
    // scopes is a few.
    if let parent {
      _parent = parent
      // Inside a scope with a fallback in its chain: search as it does, after this one.
      if let order = parent._searchOrder { _searchOrder = [parent] + order }
      _chainDeclaresAliases = parent._chainDeclaresAliases
      _resolvesAlongLevels = parent._resolvesAlongLevels
      _defaults = parent._defaults
      if parent._usage != nil { _usage = usage ?? DependencyUsageLedger() }
    }
    if let usage {
      _usage = usage
      _resolvesAlongLevels = true
    }
    if let aliases {
      _aliases = aliases
      _chainDeclaresAliases = true
      _resolvesAlongLevels = true
    }
    if let defaults {
      _ownsDefaults = true
      _defaults = defaults
    }
    _serial = ThreadReadCache.newScope()
    _isScope = true
    readPathWords.scopesAlive.add(1)
  }

  /// Makes these values (none) a scope inside `parent` that falls back on `fallback`: a read in it
  /// searches `parent`'s scopes, then `fallback`'s (a scope reached twice is searched the first
  /// time only, where it would find all it can). The scope `withDependencies(from:)` runs in
  /// while another is in force: the scope in force wins over the model's.
  package final func makeScope(parent: DependencyOverlay, fallback: DependencyOverlay) {
    precondition(isEmpty && fallback.isScope, "Deps: a fallback scope made of values or of no scope.")
    var order: [DependencyOverlay] = []
    parent.appendSearched(to: &order)
    fallback.appendSearched(to: &order)
    makeScope(parent: parent, aliases: nil, defaults: nil)
    // Still unshared: these complete it.
    _fallback = fallback
    _searchOrder = order
    _chainDeclaresAliases = _chainDeclaresAliases || fallback.chainDeclaresAliases
    _resolvesAlongLevels = _resolvesAlongLevels || fallback.resolvesAlongLevels
    _defaults = _defaults ?? fallback.defaults
  }

  /// Appends this scope, then the scopes a read in it searches after it, to `order`, skipping
  /// those `order` already holds (a scope searched twice would find nothing new).
  private func appendSearched(to order: inout [DependencyOverlay]) {
    for scope in searched where !order.contains(where: { $0 === scope }) {
      order.append(scope)
    }
  }

  /// This scope, then the scopes a read in it searches after its own values, nearest first: its
  /// parents, unless a fallback is in the chain (see ``makeScope(parent:aliases:defaults:)``).
  package final var searched: [DependencyOverlay] {
    if let order = _searchOrder { return [self] + order }
    var scopes: [DependencyOverlay] = []
    var scope: DependencyOverlay? = self
    while let current = scope {
      scopes.append(current)
      scope = current._parent
    }
    return scopes
  }

  /// Whether `other` is this scope or one that a read in it searches.
  package final func searches(_ other: DependencyOverlay) -> Bool {
    if self === other { return true }
    if let order = _searchOrder { return order.contains { $0 === other } }
    var scope = _parent
    while let current = scope {
      if current === other { return true }
      scope = current._parent
    }
    return false
  }

  /// The value that this scope, or the nearest scope a read in it searches, set for the key `id`;
  /// unretained, valid while this scope is.
  @inline(__always)
  package final func searchedValue(for id: ObjectIdentifier) -> SetValue? {
    if let found = ownValue(for: id) { return found }
    guard let order = _searchOrder else {
      // Unretained: this scope holds its parent, which holds its own, while the walk runs.
      var next = unownedParent
      while let scope = next {
        if let found = scope._withUnsafeGuaranteedRef({ $0.ownValue(for: id) }) { return found }
        next = scope._withUnsafeGuaranteedRef { $0.unownedParent }
      }
      return nil
    }
    return Self.value(for: id, in: order)
  }

  /// The first value set for the key `id` in `scopes`; a scope with a fallback in its chain
  /// searches its list.
  @inline(never)
  private static func value(for id: ObjectIdentifier, in scopes: [DependencyOverlay]) -> SetValue? {
    for scope in scopes {
      if let found = scope.ownValue(for: id) { return found }
    }
    return nil
  }

  /// What was read in this scope and the scopes nested in it, and which values this scope set
  /// that no read returned; empty outside a test process.
  package final var dependencyUsage: DependencyUsage {
    _usage?.usage(own: entries) ?? DependencyUsage()
  }

  /// Records that a read is about to be cached under ``serial``; call it before caching it.
  package final func willCache() {
    if cached.load() == 0 { cached.store(1) }
  }

  deinit {
    guard _isScope else { return }
    // Reads of this scope can no longer happen; what threads cached for it must not outlive it.
    if cached.load() != 0 { ThreadReadCache.purge(scope: serial) }
    readPathWords.scopesAlive.subtractOne()
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
