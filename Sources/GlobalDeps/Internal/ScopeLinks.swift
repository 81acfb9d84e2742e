import DepsCore

/// What makes a `DependencyOverlay` (of `DepsCore`: the values an update wrote) a `withDependencies`
/// scope, beyond its values: the scope it was made in, the scope it falls back on, the aliases it
/// declared, the defaults its reads build and what it records of its use. Attached when the scope
/// is made (``DependencyOverlay/makeScope(parent:aliases:defaults:usage:)``), immutable after.
///
/// Not made for a scope that has none of these, an outermost scope outside tests with no aliases:
/// that scope is its values alone, one allocation.
final class ScopeLinks: Sendable {
  /// The scope this one was made inside of.
  let parent: DependencyOverlay?
  /// The scope searched after ``parent`` and the scopes around it, or `nil` for none: the scope a
  /// model was made in, for the scope `withDependencies(from:)` makes while another is in force.
  let fallback: DependencyOverlay?
  /// The scopes a read searches after this one, nearest first, when a fallback is in the chain;
  /// `nil` to search the parents.
  let searchOrder: [DependencyOverlay]?
  /// The aliases this scope declared (those that closed no cycle), or `nil` for none.
  let aliases: AliasTable?
  /// Whether this scope or one around it declared aliases.
  let chainDeclaresAliases: Bool
  /// Whether a read in this scope resolves along the levels of its path, the general way, rather
  /// than by a search of the scopes' values: when aliases are declared (``chainDeclaresAliases``),
  /// or when the scope records its ``usage``, which that path records.
  let resolvesAlongLevels: Bool
  /// The defaults reads in this scope build and get: its own, or those of the nearest scope around
  /// it that has them; `nil` for the store's.
  let defaults: DefaultValues?
  /// Whether ``defaults`` are this scope's own.
  let ownsDefaults: Bool
  /// What reads in this scope and the scopes nested in it record, in a test process; `nil`
  /// elsewhere.
  let usage: DependencyUsageLedger?

  init(
    parent: DependencyOverlay?, fallback: DependencyOverlay?, searchOrder: [DependencyOverlay]?,
    aliases: AliasTable?, chainDeclaresAliases: Bool, resolvesAlongLevels: Bool,
    defaults: DefaultValues?, ownsDefaults: Bool, usage: DependencyUsageLedger?
  ) {
    self.parent = parent
    self.fallback = fallback
    self.searchOrder = searchOrder
    self.aliases = aliases
    self.chainDeclaresAliases = chainDeclaresAliases
    self.resolvesAlongLevels = resolvesAlongLevels
    self.defaults = defaults
    self.ownsDefaults = ownsDefaults
    self.usage = usage
  }
}

extension DependencyOverlay {
  /// This scope's links, if it has any (see ``ScopeLinks``).
  @inline(__always)
  var scopeLinks: ScopeLinks? {
    guard let links else { return nil }
    // Only `makeScope` publishes an overlay in this module, and it attaches `ScopeLinks` or nothing.
    assert(links is ScopeLinks, "Deps: a scope's links are a \(type(of: links)).")
    return unsafeDowncast(links, to: ScopeLinks.self)
  }

  /// Whether these values are a `withDependencies` scope (see
  /// ``makeScope(parent:aliases:defaults:usage:)``).
  var isScope: Bool { isPublished }
  /// The scope this one was made inside of.
  var parent: DependencyOverlay? { scopeLinks?.parent }
  /// The aliases this scope declared (those that closed no cycle), or `nil` for none.
  var aliases: AliasTable? { scopeLinks?.aliases }
  /// Whether this scope or one around it declared aliases.
  var chainDeclaresAliases: Bool { scopeLinks?.chainDeclaresAliases ?? false }
  /// See ``ScopeLinks/resolvesAlongLevels``.
  var resolvesAlongLevels: Bool { scopeLinks?.resolvesAlongLevels ?? false }
  /// The defaults reads in this scope build and get (see ``ScopeLinks/defaults``).
  var defaults: DefaultValues? { scopeLinks?.defaults }
  /// Whether ``defaults`` is set.
  var hasDefaults: Bool { scopeLinks?.defaults != nil }
  /// Whether ``defaults`` are this scope's own.
  var ownsDefaults: Bool { scopeLinks?.ownsDefaults ?? false }
  /// What reads in this scope and the scopes nested in it record, in a test process.
  var usage: DependencyUsageLedger? { scopeLinks?.usage }

  /// Makes these values a scope inside `parent`: the last change, before the scope is shared.
  ///
  /// - Parameters:
  ///   - parent: The scope in force around this one, or `nil` for an outermost scope.
  ///   - aliases: The aliases the scope declares, checked against those in force around it.
  ///   - defaults: The defaults the scope builds, when it owns its defaults; else `nil`, for its
  ///     parent's.
  ///   - usage: What the scope records of its use: given for an outermost scope in a test
  ///     process; a scope inside one that records makes its own.
  func makeScope(
    parent: DependencyOverlay?, aliases: AliasTable?, defaults: DefaultValues?,
    usage: DependencyUsageLedger? = nil
  ) {
    makeScope(
      parent: parent, fallback: nil, searchOrder: nil, aliases: aliases, defaults: defaults, usage: usage)
  }

  /// Makes these values (none) a scope inside `parent` that falls back on `fallback`: a read in it
  /// searches `parent`'s scopes, then `fallback`'s (a scope reached twice is searched the first
  /// time only, where it would find all it can). The scope `withDependencies(from:)` runs in
  /// while another is in force: the scope in force wins over the model's.
  func makeScope(parent: DependencyOverlay, fallback: DependencyOverlay) {
    precondition(isEmpty && fallback.isScope, "Deps: a fallback scope made of values or of no scope.")
    var order: [DependencyOverlay] = []
    parent.appendSearched(to: &order)
    fallback.appendSearched(to: &order)
    makeScope(parent: parent, fallback: fallback, searchOrder: order, aliases: nil, defaults: nil, usage: nil)
  }

  /// The one place a scope's links are worked out: what it inherits from `parent` (and from
  /// `fallback`), and what it adds.
  private func makeScope(
    parent: DependencyOverlay?, fallback: DependencyOverlay?, searchOrder: [DependencyOverlay]?,
    aliases: AliasTable?, defaults: DefaultValues?, usage: DependencyUsageLedger?
  ) {
    precondition(!isPublished, "Deps: values were made a scope twice.")
    guard parent != nil || aliases != nil || defaults != nil || usage != nil else {
      // An outermost scope with no aliases, defaults or usage (outside tests, most): its values
      // alone, no links to allocate. (A fallback comes with a parent.)
      publish(links: nil)
      return
    }
    let around = parent?.scopeLinks
    let behind = fallback?.scopeLinks
    // Inside a scope with a fallback in its chain: search as it does, after this one.
    let inherited = parent.flatMap { parent in around?.searchOrder.map { [parent] + $0 } }
    publish(
      links: ScopeLinks(
        parent: parent, fallback: fallback, searchOrder: searchOrder ?? inherited, aliases: aliases,
        chainDeclaresAliases: aliases != nil || around?.chainDeclaresAliases == true
          || behind?.chainDeclaresAliases == true,
        resolvesAlongLevels: aliases != nil || usage != nil || around?.resolvesAlongLevels == true
          || behind?.resolvesAlongLevels == true,
        defaults: defaults ?? around?.defaults ?? behind?.defaults, ownsDefaults: defaults != nil,
        usage: usage ?? (around?.usage != nil ? DependencyUsageLedger() : nil)))
  }

  /// Appends this scope, then the scopes a read in it searches after it, to `order`, skipping
  /// those `order` already holds (a scope searched twice would find nothing new).
  private func appendSearched(to order: inout [DependencyOverlay]) {
    for scope in searched where !order.contains(where: { $0 === scope }) {
      order.append(scope)
    }
  }

  /// This scope, then the scopes a read in it searches after its own values, nearest first: its
  /// parents, unless a fallback is in the chain (see ``makeScope(parent:fallback:)``).
  var searched: [DependencyOverlay] {
    if let order = scopeLinks?.searchOrder { return [self] + order }
    var scopes: [DependencyOverlay] = []
    var scope: DependencyOverlay? = self
    while let current = scope {
      scopes.append(current)
      scope = current.parent
    }
    return scopes
  }

  /// Whether `other` is this scope or one a read in it searches: then a read through this scope
  /// alone finds what a read through this one and then `other` would.
  func contains(_ other: DependencyOverlay) -> Bool {
    if self === other { return true }
    if let order = scopeLinks?.searchOrder { return order.contains { $0 === other } }
    var scope = parent
    while let current = scope {
      if current === other { return true }
      scope = current.parent
    }
    return false
  }

  /// The value that this scope, or the nearest scope a read in it searches (those around it, then
  /// a fallback's), set for the key `id`; unretained, valid while this scope is.
  @inline(__always)
  func value(for id: ObjectIdentifier) -> SetValue? {
    if let found = ownValue(for: id) { return found }
    guard let links = scopeLinks else { return nil }
    if let order = links.searchOrder { return Self.value(for: id, in: order) }
    // This scope holds its parent, which holds its own, while the walk runs.
    var next = links.parent
    while let scope = next {
      if let found = scope.ownValue(for: id) { return found }
      next = scope.parent
    }
    return nil
  }

  /// The first value set for the key `id` in `scopes`.
  @inline(never)
  private static func value(for id: ObjectIdentifier, in scopes: [DependencyOverlay]) -> SetValue? {
    for scope in scopes {
      if let found = scope.ownValue(for: id) { return found }
    }
    return nil
  }

  /// What was read in this scope and the scopes nested in it, and which values this scope set
  /// that no read returned; empty outside a test process.
  var dependencyUsage: DependencyUsage {
    usage?.usage(own: entries) ?? DependencyUsage()
  }
}
