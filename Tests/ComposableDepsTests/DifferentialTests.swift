import ComposableDeps
import DepsReference
import DepsTestSupport
import Testing

/// ComposableDeps' fast read paths held against `TreeReference`, the module's rules as the docs
/// state them, on seeded random programs (see `Differential` for the seed variables).
@Suite struct ComposableDifferentialTests {
  @Test func everyReadRouteAgreesWithTheReference() async {
    let workers = [WorkerThread(name: "Differential 1"), WorkerThread(name: "Differential 2")]
    defer { workers.forEach { $0.stop() } }
    let interpreter = TreeInterpreter(workers: workers)
    let failure = await Differential.explore(
      "ComposableDeps", seeds: Differential.seeds(count: 700),
      replay: "swift test --filter ComposableDifferentialTests",
      generate: TreeStep.program, run: interpreter.run)
    #expect(failure == nil, "\(failure ?? "")")
  }
}

extension ComposableDifferentialTests {
  /// A defect the programs found, fixed: a key path write built the default it overrides (seed 9,
  /// shrunk). `with(\.refA, _)` on one child builds `a`'s default, which the sibling's report then lists as
  /// built although nothing read it. Expected:
  ///
  ///     DiffEnvironment (derived from DiffEnvironment)
  ///     Dependencies: none
  ///     Aliases: none
  ///
  /// Before the fix: `RefAKey = 11 — default, built` under `Dependencies:`.
  @Test func aKeyPathWriteBuildsNoDefault() {
    let program: [TreeStep] = [
      .root(0), .derive(parent: 0, .preset, as: 1), .set(1, .a, .int(1_004), .withKeyPath),
      .derive(parent: 0, .pulledBack, as: 2), .report(2),
    ]
    let failure = TreeInterpreter(workers: []).run(program)
    #expect(failure == nil, "\(failure ?? "")")
  }
}

extension ComposableDifferentialTests {
  /// A parent keeps a pulled-back child per child type, and each pullback is lent its own. Planted
  /// in the fast path of `pulledBackChildUnretained` (the first child published lent whatever type
  /// was asked), the programs caught it at seed 77, shrunk to this: the `DiffEnvironment` pullback
  /// was lent the `DiffSubEnvironment` child and read the value set on it.
  @Test func eachPullbackIsLentTheChildOfItsOwnType() {
    let program: [TreeStep] = [
      .root(0), .derive(parent: 0, .pulledBackSub, as: 1), .set(1, .a, .int(1_001), .withKeyPath),
      .derive(parent: 0, .pulledBack, as: 2), .read(2, .a, .wrapperKeyPath, thread: 0), .report(2),
      .read(1, .a, .subscriptGet, thread: 1),
    ]
    let worker = WorkerThread(name: "Differential")
    defer { worker.stop() }
    let failure = TreeInterpreter(workers: [worker]).run(program)
    #expect(failure == nil, "\(failure ?? "")")
  }
}

extension ComposableDifferentialTests {
  /// Two threads read one dependency of one node, by key and by key path, as fast as they can
  /// while a third sets it, on the node and on an ancestor: a value cached from a read that raced
  /// a write must not outlive the write (the read caches' generations).
  @Test func concurrentReadsOfOneDependencyNeverKeepAStaleValue() {
    for round in 0..<StressScale.scaled(80) {
      var random = SeededGenerator(seed: UInt64(round) &+ 0xBEEF)
      let reference = TreeReference(context: .current)
      let (root, rootNode, child, childNode) = DiffEnvironment.rootAndLeft(in: reference)
      let key = random.pick(RefKey.intKeys)
      let routes: [TreeRead] = [.wrapperKeyType, .wrapperKeyPath]
      var expected = [[RefValue]](repeating: [reference.read(key, at: childNode)], count: 1)
      var writes: [(onRoot: Bool, value: Int)] = []
      for index in 0..<300 {
        let onRoot = random.chance(30)
        reference.set(key, .int(1_000 + index), on: onRoot ? rootNode : childNode)
        writes.append((onRoot, 1_000 + index))
        expected.append([reference.read(key, at: childNode)])
      }
      expected = expected.map { Array(repeating: $0[0], count: routes.count) }
      let planned = writes
      let shared = Unchecked((root: root, child: child))
      let failure = ConcurrentCheck.race(
        writes: planned.count, probes: routes.count, readers: 2, readsPerWrite: 24, seed: UInt64(round),
        expected: expected,
        write: { index in
          (planned[index].onRoot ? shared.value.root : shared.value.child).write(
            key, .int(planned[index].value), .withKeyType)
        },
        read: { _, probe in shared.value.child.read(key, routes[probe]) },
        describe: { probe in "\(key) of the child by \(routes[probe].rawValue)" })
      #expect(failure == nil, "round \(round): \(failure ?? "")")
      if failure != nil { break }
    }
  }
}

extension ComposableDifferentialTests {
  /// A write the concurrent programs make.
  private enum ConcurrentWrite: Sendable {
    case set(node: Int, RefKey, RefValue, RefWriteRoute)
    case alias(node: Int, AliasPair)
  }

  /// Two threads read every node of a tree through every wrapper route while a third sets values
  /// and declares aliases; every read must return a value the reference allows at some moment of
  /// the read (also run under the thread sanitizer in CI).
  @Test func concurrentReadsSeeALegalValue() {
    for round in 0..<StressScale.scaled(80) {
      var random = SeededGenerator(seed: UInt64(round) &+ 0xC0FFEE)
      let reference = TreeReference(context: .current)
      let (root, rootNode, left, leftNode) = DiffEnvironment.rootAndLeft(in: reference)
      // Every child is derived, and every default built, before the race: first accesses racing
      // each other are other tests' business (FirstAccessRaceTests).
      var environments = [root, left, root.right, left.aliased, root.preset]
      var nodes = [
        rootNode, leftNode, reference.child(of: rootNode, named: "right", typeName: "DiffEnvironment"),
      ]
      nodes.append(
        reference.child(
          of: nodes[1], named: "aliased", typeName: "DiffEnvironment", aliases: [TreeChild.presetAlias]))
      nodes.append(
        reference.child(
          of: rootNode, named: "preset", typeName: "DiffEnvironment",
          presets: [(.b, .int(TreeChild.presetValue))]))
      environments.append(environments[3].left)
      nodes.append(reference.child(of: nodes[3], named: "left", typeName: "DiffEnvironment"))
      var matcher = IdentityMatcher()
      for (index, node) in nodes.enumerated() {
        for key in RefKey.treeKeys {
          let expected = reference.read(key, at: node)
          let actual = environments[index].read(key, .wrapperKeyPath)
          let agrees = matcher.agrees(expected: expected, actual: actual)
          #expect(agrees, "node \(node) \(key): \(actual), expected \(expected)")
        }
      }
      var writes: [ConcurrentWrite] = []
      var expected: [[RefValue]] = []
      let routes: [TreeRead] = [.wrapperKeyPath, .wrapperKeyType, .subscriptGet, .dynamicMember]
      let probes = nodes.count * RefKey.treeKeys.count * routes.count
      func snapshot() {
        let values = nodes.flatMap { node in
          RefKey.treeKeys.map { matcher.concrete(reference.read($0, at: node)) }
        }
        expected.append((0..<probes).map { values[$0 / routes.count] })
      }
      snapshot()
      for index in 0..<150 {
        let node = random.int(below: nodes.count)
        if random.chance(12) {
          let keys = random.chance(80) ? RefKey.intKeys : RefKey.objectKeys
          let pair = AliasPair(random.pick(keys), to: random.pick(keys))
          guard reference.canAlias(pair, on: nodes[node]) else { continue }
          reference.alias(pair, on: nodes[node])
          writes.append(.alias(node: node, pair))
        } else {
          let key = random.pick(RefKey.treeKeys)
          let value: RefValue = key.isObject ? .object(index) : .int(1_000 + index)
          reference.set(key, value, on: nodes[node])
          writes.append(.set(node: node, key, value, random.pick(RefWriteRoute.allCases)))
        }
        snapshot()
      }
      let shared = Unchecked(environments)
      let planned = writes
      let failure = ConcurrentCheck.race(
        writes: writes.count, probes: probes, readers: 2, seed: UInt64(round), expected: expected,
        write: { index in
          switch planned[index] {
          case .set(let node, let key, let value, let route): shared.value[node].write(key, value, route)
          case .alias(let node, let pair): shared.value[node].alias(pair)
          }
        },
        read: { _, probe in
          let key = RefKey.treeKeys[probe / routes.count % RefKey.treeKeys.count]
          return shared.value[probe / routes.count / RefKey.treeKeys.count].read(
            key, routes[probe % routes.count])
        },
        describe: { probe in
          let key = RefKey.treeKeys[probe / routes.count % RefKey.treeKeys.count]
          return
            "node \(probe / routes.count / RefKey.treeKeys.count) \(key) by \(routes[probe % routes.count].rawValue)"
        })
      #expect(failure == nil, "round \(round): \(failure ?? "")")
      if failure != nil { break }
    }
  }
}

/// A dependency only `aliasingBuildsNoDefault` names, so that its key path is new to the process.
private enum FirstAliasProbeKey: DependencyKey {
  static let defaultValue = 1
  static let testValue = 2
}

extension Dependencies {
  fileprivate var firstAliasProbe: Int {
    get { self[FirstAliasProbeKey.self] }
    set { self[FirstAliasProbeKey.self] = newValue }
  }
}

extension ComposableDifferentialTests {
  /// A defect the programs found in a live run, fixed
  /// (DEPS_CONTEXT=live, GlobalDeps seed 2): the first `aliasing(_:to:)` of a key path in the
  /// process built its default in the tree. Expected root report: `Dependencies: none`; actual:
  /// `FirstAliasProbeKey = 2 — default, built`.
  @Test func aliasingBuildsNoDefault() {
    let root = DiffEnvironment()
    root.left.aliasing(\.firstAliasProbe, to: \.refC)
    #expect(!root.dependencyReport().contains("FirstAliasProbeKey"), "\(root.dependencyReport())")
  }
}
