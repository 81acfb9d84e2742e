import DepsCore

/// In a test process each running test (each parameterized case, each XCTest method) reads outside
/// any scope through a node of its own, made on first read, which builds its own defaults. Where
/// the framework tells a test's end (XCTest), its values are shut down and the node dropped then;
/// elsewhere (Swift Testing without the trait) it lives until the process ends.
enum TestScopes {
  private static let nodes = Locked<[RunningTest.ID: DependencyNode]>([:])

  private static let observesEnds = AtomicWord()

  /// The running test's node, made on first use; `nil` outside a test.
  static func current() -> DependencyNode? {
    guard DependencyContext.isTest, let test = RunningTests.current() else { return nil }
    if observesEnds.load() == 0, observesEnds.add(1) == 1 {
      RunningTests.onEnd(RunningTests.EndHandler(shutDown: shutDown, drop: drop))
    }
    return nodes.withLock { nodes in
      if let node = nodes[test.id] { return node }
      let node = makeNode(name: test.name)
      nodes[test.id] = node
      return node
    }
  }

  static func makeNode(name: String) -> DependencyNode {
    let owner = WeakScope.Box()
    let node = DependencyNode(
      scopeOf: [], aliases: AliasTable(), parent: GlobalStore.node, ownsDefaults: true,
      defaultsScope: { reader, build in
        // Set before the node is shared: no read can build a default earlier.
        guard let node = owner.node else { return build() }
        // An asynchronous default is built with the scope of the read that made it, too.
        let asyncBuilds = DefaultsAsyncBuilds(owner: { owner.node }, scope: { [weak reader] in reader })
        return Scopes.buildDefault(of: node, in: reader ?? node, asyncBuilds: asyncBuilds, build)
      },
      ownerName: "test \(name)")
    owner.node = node
    return node
  }

  /// Runs `operation` with a new node for the running test bound, its node while `operation`
  /// runs, and shuts down what it built before it returns: the `.dependencies` trait's.
  static func withNode<R>(
    for test: RunningTest?, _ operation: (DependencyNode) async throws -> R
  ) async throws -> R {
    let node = makeNode(name: test?.name ?? "trait")
    let replaced = test.map { test in nodes.withLock { $0.updateValue(node, forKey: test.id) } }
    defer {
      if let test {
        nodes.withLock { nodes in
          if nodes[test.id] === node { nodes[test.id] = replaced ?? nil }
        }
      }
    }
    do {
      let result = try await Scopes.withCurrent(node, isolation: nil) { try await operation(node) }
      await node.shutDownBuiltValues(timeout: .seconds(10))
      return result
    } catch {
      await node.shutDownBuiltValues(timeout: .seconds(10))
      throw error
    }
  }

  /// Shuts down what the ending test's node built, in the test's teardown: while the test still
  /// runs, so that a failure (a shutdown over its timeout) is the test's, and on its own task, so
  /// that a shutdown may hop to the main actor.
  private static func shutDown(_ test: RunningTest) async {
    guard let node = nodes.withLock({ $0[test.id] }) else { return }
    await node.shutDownBuiltValues(timeout: .seconds(10))
  }

  /// Drops the ended test's node, which frees what it built (what nothing else holds).
  private static func drop(_ test: RunningTest) {
    let node = nodes.withLock { $0.removeValue(forKey: test.id) }
    withExtendedLifetime(node) {}
  }
}

extension WeakScope {
  /// A node held weakly, set once after the node is made: how a node's defaults reach it.
  final class Box: @unchecked Sendable {
    // @unchecked: `node` is set once, before the node it refers to is shared.
    weak var node: DependencyNode?
  }
}
