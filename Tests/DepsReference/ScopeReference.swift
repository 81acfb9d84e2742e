/// `GlobalDeps` as its documentation states it, plainly and slowly: the meaning every fast read
/// route of the module (the store's, the scopes', `@Dependency`'s captured scope) must agree with.
///
/// Written from the README, Docs/ChoosingAModule.md, Docs/Aliasing.md, Docs/Testing.md,
/// Docs/Diagnostics.md and the DocC article "Overriding dependencies in a scope", never from the
/// module's code:
///
/// - One process-wide store: values set with `with` hold for the whole process until `reset()`,
///   which also forgets the defaults it built; aliases declared through an environment are
///   process-wide until `clearAliases()`.
/// - `withDependencies` overrides values for the current task and its child tasks; scopes nest,
///   an inner one seeing the outer's and adding its own; its update reads the values in force
///   around it; aliases declared in an update hold for that scope and those nested in it.
/// - A `@Dependency` remembers the scope in force when it was made; read later, the scope in force
///   at read time (and those around it) wins over the remembered one, which wins over the store.
/// - In a test process the outermost scope builds its own defaults, shared by the scopes nested in
///   it; its update reads them. Reads outside any scope use the store's defaults, built once per
///   process until `reset()`. A default is built with the scope it is cached for in force: a
///   scope's default reads that scope's values, the store's reads the store, wherever the first
///   read happens.
/// - `withDependencies(from:)` runs with what the model was made with (its `@Dependency`
///   properties' scope, or the scope of the operation that returned it), plus the scope in force,
///   which wins where both set a value, plus the update's.
/// - `EscapedDependencies.yield` runs with the scope captured, replacing the one in force.
/// - The dependency report lists what is set in the store and the scopes in force, the defaults
///   built for them and the dependencies aliases name.
package final class ScopeReference {
  package typealias ScopeID = Int

  private typealias Write = ReferenceWrite

  private struct Scope {
    var parent: ScopeID?
    /// A `withDependencies(from:)` scope's model scope, searched after the parent's.
    var fallback: ScopeID?
    var values: [RefKey: Write] = [:]
    var aliases: [AliasPair] = []
    var ownsDefaults: Bool
    var defaults: [RefKey: RefValue] = [:]
  }

  /// One level of a read's path: a scope, or the store (`nil`).
  private typealias Level = ScopeID?

  private var scopes: [ScopeID: Scope] = [:]
  private var storeValues: [RefKey: Write] = [:]
  private var storeAliases: [AliasPair] = []
  private var storeDefaults: [RefKey: RefValue] = [:]
  /// Counts `reset()`s: each store generation builds its own defaults.
  private var storeGeneration = 0
  private var sequence = 0
  private let context: ReferenceContext

  package init(context: ReferenceContext) { self.context = context }

  // MARK: Scopes

  /// A new scope made by a `withDependencies` whose update runs with `inForce` in force; in a test
  /// process an outermost scope owns its defaults. Its values and aliases are added by the update.
  package func makeScope(inForce: ScopeID?) -> ScopeID {
    let id = scopes.count
    scopes[id] = Scope(parent: inForce, fallback: nil, ownsDefaults: inForce == nil && context == .test)
    return id
  }

  /// What a read inside the update of `scope` returns, before the update wrote anything: the values
  /// in force around the scope, and the defaults an outermost test scope owns.
  package func readInUpdate(_ key: RefKey, of scope: ScopeID) -> RefValue {
    let around = scopes[scope]!
    return read(key, inForce: around.ownsDefaults ? scope : around.parent, captured: nil)
  }

  /// Sets `key` in the scope an update is making.
  package func set(_ key: RefKey, _ value: RefValue, inScope scope: ScopeID) {
    sequence += 1
    scopes[scope]!.values[key] = Write(value: value, sequence: sequence, key: key)
  }

  /// Every alias a read anywhere may combine: the store's and every scope's.
  private var everyAlias: [AliasPair] { storeAliases + scopes.values.flatMap(\.aliases) }

  /// Whether `pair` stays within what the docs define wherever it may hold (a conservative bound:
  /// every alias declared, in the store and in any scope).
  package func canAlias(_ pair: AliasPair) -> Bool {
    AliasGroups.allows(pair, over: everyAlias)
  }

  /// Declares `pair` in the scope an update is making.
  package func alias(_ pair: AliasPair, inScope scope: ScopeID) {
    precondition(canAlias(pair), "ScopeReference: \(pair) is outside what the docs define.")
    if !scopes[scope]!.aliases.contains(pair) { scopes[scope]!.aliases.append(pair) }
  }

  /// The scope `withDependencies(from:)` runs its update in: the model's scope `made` (or none)
  /// under the scope in force, which wins where both set a value.
  package func scope(from made: ScopeID?, inForce: ScopeID?) -> ScopeID? {
    guard let made else { return inForce }
    guard let inForce else { return made }
    if searched(inForce).contains(made) { return inForce }
    let id = scopes.count
    scopes[id] = Scope(parent: inForce, fallback: made, ownsDefaults: false)
    return id
  }

  /// The scope, then the scopes a read in it searches: those around it, then a fallback's.
  private func searched(_ scope: ScopeID) -> [ScopeID] {
    var order = [scope]
    let node = scopes[scope]!
    for next in [node.parent, node.fallback].compactMap({ $0 }) {
      for id in searched(next) where !order.contains(id) { order.append(id) }
    }
    return order
  }

  // MARK: The store

  package func setInStore(_ key: RefKey, _ value: RefValue) {
    sequence += 1
    storeValues[key] = Write(value: value, sequence: sequence, key: key)
  }

  package func aliasInStore(_ pair: AliasPair) {
    precondition(canAlias(pair), "ScopeReference: \(pair) is outside what the docs define.")
    if !storeAliases.contains(pair) { storeAliases.append(pair) }
  }

  /// The dependency whose default the store gives `key`'s group when nobody set it.
  package func canonicalInStore(_ key: RefKey) -> RefKey { AliasGroups(storeAliases).canonical(key) }

  package func reset() {
    storeValues = [:]
    storeDefaults = [:]
    storeGeneration += 1
  }

  package func clearAliases() { storeAliases = [] }

  // MARK: Reading

  /// The scopes a read searches, nearest first (the store comes after them): the scope in force
  /// and those around it, then the captured scope and those around it.
  private func scopesSearched(inForce: ScopeID?, captured: ScopeID?) -> [ScopeID] {
    var order = inForce.map(searched) ?? []
    for id in captured.map(searched) ?? [] where !order.contains(id) { order.append(id) }
    return order
  }

  private enum Resolution {
    case set(Write, level: Level)
    case `default`(of: RefKey, at: Level)
  }

  private func aliases(of searched: [ScopeID]) -> [AliasPair] {
    storeAliases + searched.flatMap { scopes[$0]!.aliases }
  }

  private func resolve(_ key: RefKey, searching searched: [ScopeID]) -> Resolution {
    let groups = AliasGroups(aliases(of: searched))
    let group = groups.group(of: key)
    for level in searched.map(Level.some) + [nil] {
      if let latest = Write.latest(of: group, in: level.map { scopes[$0]!.values } ?? storeValues) {
        return .set(latest, level: level)
      }
    }
    return .default(of: groups.canonical(key), at: searched.first { scopes[$0]!.ownsDefaults })
  }

  /// What a read of `key` returns with `inForce` in force, by a `@Dependency` made with `captured`
  /// in force (`nil` for an environment's subscript); builds a default on first need.
  package func read(_ key: RefKey, inForce: ScopeID?, captured: ScopeID?) -> RefValue {
    switch resolve(key, searching: scopesSearched(inForce: inForce, captured: captured)) {
    case .set(let write, _): return write.value
    case .default(let canonical, let level): return defaultValue(of: canonical, at: level)
    }
  }

  private func defaultValue(of key: RefKey, at level: Level) -> RefValue {
    if let built = level.map({ scopes[$0]!.defaults[key] }) ?? storeDefaults[key] { return built }
    let value: RefValue
    switch key {
    case .object1, .object2:
      value = .defaultObject("\(key) in " + (level.map { "scope \($0)" } ?? "store \(storeGeneration)"))
    case .derived:
      // Built with the scope it is cached for in force (none for the store's).
      guard case .int(let a) = read(.a, inForce: level, captured: nil) else {
        preconditionFailure("ScopeReference: a is an Int dependency.")
      }
      value = .int(a + RefKey.derivedOffset(context))
    case .a, .b, .c, .d:
      value = .int(context == .test ? key.intTestValue : key.intDefaultValue)
    }
    if let level { scopes[level]!.defaults[key] = value } else { storeDefaults[key] = value }
    return value
  }

  // MARK: The dependency report

  /// The report of a `GlobalDependenciesAccessing` value read with `inForce` in force, as
  /// Docs/Diagnostics.md states it, for `typeName`. Builds nothing.
  package func report(typeName: String, inForce: ScopeID?) -> ExpectedReport {
    let searched = scopesSearched(inForce: inForce, captured: nil)
    let title = "\(typeName) (process-wide store\(inForce == nil ? "" : ", inside withDependencies"))"
    let defaultsLevel = searched.first { scopes[$0]!.ownsDefaults }
    let built = defaultsLevel.map { scopes[$0]!.defaults } ?? storeDefaults
    let inForceAliases = aliases(of: searched)
    var listed = Set(storeValues.keys)
    for id in searched { listed.formUnion(scopes[id]!.values.keys) }
    listed.formUnion(built.keys)
    for pair in inForceAliases { listed.formUnion([pair.alias, pair.reference]) }
    let dependencies = listed.sorted().map { key -> String in
      switch resolve(key, searching: searched) {
      case .set(let write, let level):
        let place = level == nil ? "set in the process-wide store" : "set in withDependencies"
        return ExpectedReport.line(key, write.value, place: place, through: write.key)
      case .default(let canonical, _):
        return ExpectedReport.defaultLine(key, canonical: canonical, built: built[canonical])
      }
    }
    var aliases: [String: Set<String>] = [:]
    for pair in storeAliases {
      aliases[ExpectedReport.aliasText(pair), default: []].insert("declared process-wide")
    }
    // The docs name one place for GlobalDeps, "declared process-wide"; an alias of a scope holds
    // for the scope only, which the report may say.
    for pair in searched.flatMap({ scopes[$0]!.aliases }) {
      aliases[ExpectedReport.aliasText(pair), default: []].formUnion([
        "declared process-wide", "declared in withDependencies",
      ])
    }
    return ExpectedReport(title: title, dependencies: dependencies, aliases: aliases)
  }
}
