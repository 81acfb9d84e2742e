/// `ComposableDeps` as its documentation states it, plainly and slowly: the meaning every fast
/// read path of the module must agree with.
///
/// Written from the README, Docs/ChoosingAModule.md, Docs/Aliasing.md, Docs/Diagnostics.md and the
/// DocC article "Building an environment tree", never from the module's code:
///
/// - A value set with `with` on a node holds for that node and every descendant that does not set
///   its own; a descendant reads its ancestors' values as they are at read time.
/// - Aliases declared on a node hold for that node and its descendants. Within a group of aliased
///   dependencies the nearest node that set any member wins, and within a node the latest write;
///   a group nobody set reads the default of the end of its chain.
/// - A default is built lazily, once per tree (the root's), on first read: in a test process the
///   key's `testValue`.
/// - `@Derived` children are created on first access, one per property and parent, with the
///   aliases of `@Derived(aliases:)` from their first read; an environment-less pullback's child is
///   one per parent environment, separate from every `@Derived` child.
/// - The dependency report lists the values set on the node and its ancestors, the defaults the
///   tree built and the dependencies aliases name, sorted by key type name, and builds nothing.
package final class TreeReference {
  package typealias NodeID = Int

  private typealias Write = ReferenceWrite

  private struct Node {
    var parent: NodeID?
    let typeName: String
    var values: [RefKey: Write] = [:]
    var aliases: [AliasPair] = []
    var children: [String: NodeID] = [:]
  }

  private var nodes: [NodeID: Node] = [:]
  /// The defaults each tree built, by root.
  private var builtDefaults: [NodeID: [RefKey: RefValue]] = [:]
  private var sequence = 0
  private let context: ReferenceContext

  package init(context: ReferenceContext) { self.context = context }

  // MARK: The tree

  /// A new root environment.
  package func makeRoot(typeName: String) -> NodeID {
    let id = nodes.count
    nodes[id] = Node(parent: nil, typeName: typeName)
    return id
  }

  /// The child `property` of `parent` names, if it was created.
  package func existingChild(of parent: NodeID, named property: String) -> NodeID? {
    nodes[parent]?.children[property]
  }

  /// The child `property` of `parent` names, created on first access with `aliases` declared on it
  /// and `presets` set on it before it was attached.
  package func child(
    of parent: NodeID, named property: String, typeName: String, aliases: [AliasPair] = [],
    presets: [(RefKey, RefValue)] = []
  ) -> NodeID {
    if let existing = existingChild(of: parent, named: property) { return existing }
    let id = nodes.count
    nodes[id] = Node(parent: parent, typeName: typeName)
    nodes[parent]!.children[property] = id
    for (key, value) in presets { set(key, value, on: id) }
    for pair in aliases { nodes[id]!.aliases.append(pair) }
    return id
  }

  /// The node and its ancestors, nearest first.
  package func path(_ node: NodeID) -> [NodeID] {
    var path = [node]
    while let parent = nodes[path[path.count - 1]]!.parent { path.append(parent) }
    return path
  }

  /// The root of `node`'s tree.
  package func root(of node: NodeID) -> NodeID { path(node).last! }

  /// Every node of the tree whose root is `root`.
  package func tree(of root: NodeID) -> [NodeID] {
    nodes.keys.filter { self.root(of: $0) == root }.sorted()
  }

  // MARK: Writing

  package func set(_ key: RefKey, _ value: RefValue, on node: NodeID) {
    sequence += 1
    nodes[node]!.values[key] = Write(value: value, sequence: sequence, key: key)
  }

  /// Whether declaring `pair` on `node` stays within what the docs define, in every node it would
  /// hold for: the aliases of the whole tree are the bound (a conservative one).
  package func canAlias(_ pair: AliasPair, on node: NodeID) -> Bool {
    let declared = tree(of: root(of: node)).flatMap { nodes[$0]!.aliases }
    return AliasGroups.allows(pair, over: declared)
  }

  /// Whether a child of `parent` may be created declaring `pairs`.
  package func canAlias(_ pairs: [AliasPair], belowNode parent: NodeID) -> Bool {
    var declared = tree(of: root(of: parent)).flatMap { nodes[$0]!.aliases }
    for pair in pairs {
      guard AliasGroups.allows(pair, over: declared) else { return false }
      declared.append(pair)
    }
    return true
  }

  package func alias(_ pair: AliasPair, on node: NodeID) {
    precondition(canAlias(pair, on: node), "TreeReference: \(pair) is outside what the docs define.")
    if !nodes[node]!.aliases.contains(pair) { nodes[node]!.aliases.append(pair) }
  }

  // MARK: Reading

  private enum Resolution {
    case set(Write, distance: Int)
    case `default`(of: RefKey)
  }

  /// The aliases in force at `node`: its ancestors' and its own.
  private func aliasesInForce(at node: NodeID) -> [(pair: AliasPair, distance: Int)] {
    path(node).enumerated().reversed().flatMap { distance, id in
      nodes[id]!.aliases.map { (pair: $0, distance: distance) }
    }
  }

  private func resolve(_ key: RefKey, at node: NodeID) -> Resolution {
    let groups = AliasGroups(aliasesInForce(at: node).map(\.pair))
    let group = groups.group(of: key)
    for (distance, id) in path(node).enumerated() {
      if let latest = Write.latest(of: group, in: nodes[id]!.values) {
        return .set(latest, distance: distance)
      }
    }
    return .default(of: groups.canonical(key))
  }

  /// The dependency whose default a read of `key` at `node` gets when nobody set its group.
  package func canonical(_ key: RefKey, at node: NodeID) -> RefKey {
    AliasGroups(aliasesInForce(at: node).map(\.pair)).canonical(key)
  }

  /// What a read of `key` at `node` returns; builds the tree's default on first need.
  package func read(_ key: RefKey, at node: NodeID) -> RefValue {
    switch resolve(key, at: node) {
    case .set(let write, _):
      return write.value
    case .default(let canonical):
      let root = root(of: node)
      if let built = builtDefaults[root]?[canonical] { return built }
      let value: RefValue
      if canonical.isObject {
        value = .defaultObject("\(canonical) in tree \(root)")
      } else {
        value = .int(context == .test ? canonical.intTestValue : canonical.intDefaultValue)
      }
      builtDefaults[root, default: [:]][canonical] = value
      return value
    }
  }

  // MARK: The dependency report

  /// The report of `node` as Docs/Diagnostics.md states it. Builds nothing.
  package func report(at node: NodeID) -> ExpectedReport {
    let path = path(node)
    let typeName = nodes[node]!.typeName
    let title =
      path.count == 1
      ? "\(typeName) (root)"
      : "\(typeName) (derived from \(path.dropFirst().map { nodes[$0]!.typeName }.joined(separator: " ← ")))"
    let inForce = aliasesInForce(at: node)
    let built = builtDefaults[path.last!] ?? [:]
    var listed = Set(path.flatMap { nodes[$0]!.values.keys })
    listed.formUnion(built.keys)
    for (pair, _) in inForce { listed.formUnion([pair.alias, pair.reference]) }
    let dependencies = listed.sorted().map { key -> String in
      switch resolve(key, at: node) {
      case .set(let write, let distance):
        let place =
          distance == 0
          ? "set on this environment"
          : "inherited from \(nodes[path[distance]]!.typeName) (\(levelsUp(distance)))"
        return ExpectedReport.line(key, write.value, place: place, through: write.key)
      case .default(let canonical):
        return ExpectedReport.defaultLine(key, canonical: canonical, built: built[canonical])
      }
    }
    var aliases: [String: Set<String>] = [:]
    for (pair, distance) in inForce {
      let place =
        distance == 0
        ? "declared on this environment"
        : "declared on \(nodes[path[distance]]!.typeName) (\(levelsUp(distance)))"
      aliases[ExpectedReport.aliasText(pair), default: []].insert(place)
    }
    return ExpectedReport(title: title, dependencies: dependencies, aliases: aliases)
  }
}
