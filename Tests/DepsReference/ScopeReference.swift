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
/// - In a test process the defaults are the running test's (a program runs inside one test),
///   shared by every read on the test's task, in a scope or outside, and its scopes' updates; a
///   read off the test's task (a thread, a detached task) outside any scope reads the store, as
///   does everything outside tests, and a scope made there is over the store. Either's defaults
///   are built once, until `reset()`. A test's default is built with the values in force at its
///   first read (what that read searches); the store's with the store's alone, wherever the
///   first read happens.
/// - `withDependencies(from:)` runs with what the model was made with (its `@Dependency`
///   properties' scope, or the scope of the operation that returned it), plus the scope in force,
///   which wins where both set a value, plus the update's.
/// - `EscapedDependencies.yield` runs with the scope captured, replacing the one in force.
/// - The dependency report lists what is set in the store and the scopes in force, the defaults
///   built for them and the dependencies aliases name.
package final class ScopeReference {
  package typealias ScopeID = Int

  private typealias Write = ReferenceWrite

  /// Whose defaults a read gets, and whose values lie under every scope: the running test's, or
  /// the store's.
  private enum Base { case test, store }

  private struct Scope {
    var parent: ScopeID?
    var base: Base
    /// A `withDependencies(from:)` scope's model scope, searched after the parent's.
    var fallback: ScopeID?
    var values: [RefKey: Write] = [:]
    var aliases: [AliasPair] = []
  }

  /// One level of a read's path: a scope, or the store (`nil`).
  private typealias Level = ScopeID?

  private var scopes: [ScopeID: Scope] = [:]
  private var storeValues: [RefKey: Write] = [:]
  private var storeAliases: [AliasPair] = []
  private var storeDefaults: [RefKey: RefValue] = [:]
  /// The running test's defaults, in a test process, and the order they were first read in.
  private var testDefaults: [RefKey: RefValue] = [:]
  private var testDefaultsFirstRead: [RefKey: Int] = [:]
  /// Counts the defaults built, to name each apart and to order them against scopes' starts.
  private var objectBuilds = 0
  /// Counts `reset()`s: each store generation builds its own defaults.
  private var storeGeneration = 0
  private var sequence = 0
  private let context: ReferenceContext

  /// The running test's own scope, which sets nothing: what a reader made on the test's task
  /// outside any `withDependencies` remembers (see ``capturedHere(inForce:onTestTask:)``).
  package let testScope: ScopeID = 0
  /// The store as a scope, which sets nothing: what `withEscapedDependencies` captures outside any
  /// scope and off a test's task.
  package let storeScope: ScopeID = 1

  package init(context: ReferenceContext) {
    self.context = context
    scopes[testScope] = Scope(parent: nil, base: .test, fallback: nil)
    scopes[storeScope] = Scope(parent: nil, base: .store, fallback: nil)
  }

  /// Where `scope`, an async `withDependencies` scope about to run its update, begins in the
  /// test's defaults, when it is a test's outermost (over the test's own scope): at its end it
  /// forgets the defaults first read during it (``forgetTestDefaults(after:)``). `nil` for others.
  package func outermostTestMark(of scope: ScopeID) -> Int? {
    let made = scopes[scope]!
    guard made.base == .test, made.parent == nil || made.parent == testScope else { return nil }
    objectBuilds += 1
    return objectBuilds
  }

  /// Forgets the test's defaults first read after `mark` (see ``outermostTestMark(of:)``).
  package func forgetTestDefaults(after mark: Int) {
    for (key, firstRead) in testDefaultsFirstRead where firstRead > mark {
      testDefaults[key] = nil
      testDefaultsFirstRead[key] = nil
    }
  }

  /// Whether `scope` is the test's or the store's own scope.
  private func isBase(_ scope: ScopeID) -> Bool { scope == testScope || scope == storeScope }

  /// What a `@Dependency` made now remembers: the scope in force, else, on a test's task, the
  /// test's own; else none (it reads what is in force where it is read).
  package func capturedHere(inForce: ScopeID?, onTestTask: Bool) -> ScopeID? {
    inForce ?? (onTestTask && context == .test ? testScope : nil)
  }

  /// What `withEscapedDependencies` captures now: the scope in force, else the test's own on its
  /// task, else the store.
  package func escapedHere(inForce: ScopeID?, onTestTask: Bool) -> ScopeID {
    capturedHere(inForce: inForce, onTestTask: onTestTask) ?? storeScope
  }

  // MARK: Scopes

  /// A new scope made by a `withDependencies` whose update runs with `inForce` in force. Its
  /// values and aliases are added by the update.
  package func makeScope(inForce: ScopeID?, onTestTask: Bool = true) -> ScopeID {
    let id = scopes.count
    scopes[id] = Scope(
      parent: inForce, base: base(inForce: inForce, captured: nil, onTestTask), fallback: nil)
    return id
  }

  /// The base of a read with `inForce` in force by a reader made with `captured` in force.
  private func base(inForce: ScopeID?, captured: ScopeID?, _ onTestTask: Bool) -> Base {
    // The test's or the store's own scope in force adds nothing over a captured scope.
    if let scope = inForce.flatMap({ isBase($0) ? nil : $0 }) ?? captured ?? inForce {
      return scopes[scope]!.base
    }
    return onTestTask && context == .test ? .test : .store
  }

  /// What a read inside the update of `scope` returns, before the update wrote anything: the values
  /// in force around the scope.
  package func readInUpdate(_ key: RefKey, of scope: ScopeID) -> RefValue {
    read(key, searching: scopes[scope]!.parent.map(searched) ?? [], base: scopes[scope]!.base)
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
    guard let inForce, !isBase(inForce) else { return made }
    if searched(inForce).contains(made) { return inForce }
    let id = scopes.count
    scopes[id] = Scope(parent: inForce, base: scopes[inForce]!.base, fallback: made)
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

  /// `Dependencies.reset()`: the store's values and defaults, and on a test's task the test's
  /// defaults too.
  package func reset(onTestTask: Bool = true) {
    storeValues = [:]
    storeDefaults = [:]
    if onTestTask { (testDefaults, testDefaultsFirstRead) = ([:], [:]) }
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
    case `default`(of: RefKey)
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
    return .default(of: groups.canonical(key))
  }

  /// What a read of `key` returns with `inForce` in force, by a `@Dependency` made with `captured`
  /// in force (`nil` for an environment's subscript); builds a default on first need.
  package func read(
    _ key: RefKey, inForce: ScopeID?, captured: ScopeID?, onTestTask: Bool = true
  ) -> RefValue {
    read(
      key, searching: scopesSearched(inForce: inForce, captured: captured),
      base: base(inForce: inForce, captured: captured, onTestTask))
  }

  private func read(_ key: RefKey, searching searched: [ScopeID], base: Base) -> RefValue {
    switch resolve(key, searching: searched) {
    case .set(let write, _): return write.value
    case .default(let canonical): return defaultValue(of: canonical, firstReadSearching: searched, base: base)
    }
  }

  private func defaultValue(of key: RefKey, firstReadSearching searched: [ScopeID], base: Base) -> RefValue {
    if let built = (base == .test ? testDefaults : storeDefaults)[key] { return built }
    let value: RefValue
    switch key {
    case .object1, .object2:
      // Named apart from an earlier build that a scope's end forgot.
      objectBuilds += 1
      value = .defaultObject("\(key) in \(base) \(storeGeneration) (build \(objectBuilds))")
    case .derived:
      // A test's: with the values in force at its first read; the store's: with the store's.
      guard case .int(let a) = read(.a, searching: base == .test ? searched : [], base: base) else {
        preconditionFailure("ScopeReference: a is an Int dependency.")
      }
      value = .int(a + RefKey.derivedOffset(context))
    case .a, .b, .c, .d:
      value = .int(context == .test ? key.intTestValue : key.intDefaultValue)
    }
    if base == .test {
      testDefaults[key] = value
      objectBuilds += 1
      testDefaultsFirstRead[key] = objectBuilds
    } else {
      storeDefaults[key] = value
    }
    return value
  }

  // MARK: The dependency report

  /// The report of a `GlobalDependenciesAccessing` value read with `inForce` in force, as
  /// Docs/Diagnostics.md states it, for `typeName`. Builds nothing.
  package func report(typeName: String, inForce: ScopeID?, onTestTask: Bool = true) -> ExpectedReport {
    let searched = scopesSearched(inForce: inForce, captured: nil)
    let inScope = inForce.map { $0 != testScope && $0 != storeScope } ?? false
    let title = "\(typeName) (process-wide store\(inScope ? ", inside withDependencies" : ""))"
    let built = base(inForce: inForce, captured: nil, onTestTask) == .test ? testDefaults : storeDefaults
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
      case .default(let canonical):
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
