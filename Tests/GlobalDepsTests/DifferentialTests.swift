import DepsReference
import DepsTestSupport
import Testing

@testable import GlobalDeps

extension GlobalStoreTests {
  /// GlobalDeps' read routes held against `ScopeReference`, the module's rules as the docs state
  /// them, on seeded random programs (see `Differential` for the seed variables). In the store
  /// suite: the programs write the store.
  @Test func differentialProgramsAgreeWithTheReference() async {
    let workers = [WorkerThread(name: "Differential 1"), WorkerThread(name: "Differential 2")]
    defer { workers.forEach { $0.stop() } }
    let interpreter = GlobalInterpreter(workers: workers)
    let failure = await Differential.explore(
      "GlobalDeps", seeds: Differential.seeds(count: 500),
      replay: "swift test --filter differentialProgramsAgreeWithTheReference",
      generate: GlobalStep.program, run: interpreter.run)
    #expect(failure == nil, "\(failure ?? "")")
  }
}

extension GlobalStoreTests {
  /// A defect the programs found, fixed: in the store, `with(\.refDerived, _)` builds
  /// `derived`'s default, which reads `a`, so the report lists `a`'s default as built although
  /// nothing read it. Expected no `RefAKey` line; actual `RefAKey = 11 — default, built`.
  @Test func aKeyPathWriteBuildsNoDefault() async {
    let program: [GlobalStep] = [.storeSet(.derived, .int(1_001), .withKeyPath), .report]
    let failure = await GlobalInterpreter(workers: []).run(program)
    #expect(failure == nil, "\(failure ?? "")")
  }
}

extension GlobalStoreTests {
  /// A write the concurrent programs make to the store.
  private enum ConcurrentWrite: Sendable {
    case set(RefKey, RefValue, RefWriteRoute)
    case alias(AliasPair)
  }

  /// Where a concurrent read happens: a fresh `@Dependency` in no scope, the environment's
  /// subscript, a model made in a scope read outside it, a fresh `@Dependency` inside the scope.
  private enum ReadPlace: Int, CaseIterable {
    case store, subscriptGet, capturedModel, inScope
  }

  /// Two threads read the store, directly and through a scope (values the scope set, values it
  /// passes through, defaults it built), while a third sets store values and declares store
  /// aliases; every read must return a value the reference allows at some moment of the read
  /// (also run under the thread sanitizer in CI). The readers' threads are off the test's task:
  /// outside the scope they read the store, inside it the test's defaults.
  @Test func concurrentReadsSeeALegalStoreValue() {
    let reader = WorkerThread(name: "Differential reader")
    defer { reader.stop() }
    for round in 0..<StressScale.scaled(60) {
      Dependencies.reset()
      Dependencies.clearAliases()
      var random = SeededGenerator(seed: UInt64(round) &+ 0xFACADE)
      let reference = ScopeReference(context: .current)
      let scope = reference.makeScope(inForce: nil)
      reference.set(.b, .int(2_001), inScope: scope)
      reference.set(.object2, .object(2_002), inScope: scope)
      let (escaped, model) = withDependencies {
        $0.refB = 2_001
        $0.refObject2 = RefObject(label: 2_002)
      } operation: {
        (withEscapedDependencies { $0 }, DiffModel())
      }
      let places: [(inForce: ScopeReference.ScopeID?, captured: ScopeReference.ScopeID?)] = [
        (nil, nil), (nil, nil), (nil, scope), (scope, scope),
      ]
      func expectedRead(_ key: RefKey, _ place: ReadPlace) -> RefValue {
        let (inForce, captured) = places[place.rawValue]
        return reference.read(key, inForce: inForce, captured: captured, onTestTask: false)
      }
      let shared = Unchecked((escaped: escaped, model: model))
      @Sendable func read(_ place: ReadPlace, _ key: RefKey, byKeyType: Bool) -> RefValue {
        switch place {
        case .store: DiffModel().read(key, byKeyType: byKeyType)
        case .subscriptGet: DiffGlobalEnvironment().read(key)
        case .capturedModel: shared.value.model.read(key, byKeyType: byKeyType)
        case .inScope: shared.value.escaped.yield { DiffModel().read(key, byKeyType: byKeyType) }
        }
      }
      // Every default is built before the race (first reads racing are other tests' business).
      var matcher = IdentityMatcher()
      for place in ReadPlace.allCases {
        for key in RefKey.allCases {
          let expected = expectedRead(key, place)
          guard let actual = reader.run({ read(place, key, byKeyType: false) }) else {
            Issue.record("the reader thread did not read \(key) within its deadline")
            return
          }
          let agrees = matcher.agrees(expected: expected, actual: actual)
          #expect(agrees, "\(place) \(key): \(actual), expected \(expected)")
        }
      }
      let keys = RefKey.allCases
      let probes = ReadPlace.allCases.count * keys.count * 2
      var expected: [[RefValue]] = []
      func snapshot() {
        let values = ReadPlace.allCases.flatMap { place in
          keys.map { matcher.concrete(expectedRead($0, place)) }
        }
        expected.append((0..<probes).map { values[$0 / 2] })
      }
      var writes: [ConcurrentWrite] = []
      snapshot()
      for index in 0..<100 {
        if random.chance(12) {
          let group = random.chance(80) ? RefKey.intKeys : RefKey.objectKeys
          let pair = AliasPair(random.pick(group), to: random.pick(group))
          guard reference.canAlias(pair) else { continue }
          reference.aliasInStore(pair)
          writes.append(.alias(pair))
        } else {
          let key = random.pick(keys)
          let value: RefValue = key.isObject ? .object(index) : .int(1_000 + index)
          reference.setInStore(key, value)
          writes.append(.set(key, value, random.pick(RefWriteRoute.allCases)))
        }
        snapshot()
      }
      let planned = writes
      let failure = ConcurrentCheck.race(
        writes: planned.count, probes: probes, readers: 2, seed: UInt64(round), expected: expected,
        write: { index in
          switch planned[index] {
          case .set(let key, let value, let route): DiffGlobalEnvironment().set(key, value, by: route)
          case .alias(let pair):
            // The writer's thread is not the test's task: say again that this suite means it.
            StoreWriteWarnings.$expectsProcessWideAliases.withValue(true) {
              DiffGlobalEnvironment().alias(pair)
            }
          }
        },
        read: { _, probe in
          read(
            ReadPlace(rawValue: probe / 2 / keys.count)!, keys[probe / 2 % keys.count],
            byKeyType: probe % 2 == 1)
        },
        describe: { probe in
          "\(ReadPlace(rawValue: probe / 2 / keys.count)!) \(keys[probe / 2 % keys.count])\(probe % 2 == 1 ? " by key type" : "")"
        })
      #expect(failure == nil, "round \(round): \(failure ?? "")")
      if failure != nil { break }
    }
  }
}

/// A dependency only `aliasingBuildsNoDefault` names, so that its key path is new to the process.
private enum FirstGlobalAliasProbeKey: DependencyKey {
  static let defaultValue = 1
  static let testValue = 2
}

extension Dependencies {
  fileprivate var firstGlobalAliasProbe: Int {
    get { self[FirstGlobalAliasProbeKey.self] }
    set { self[FirstGlobalAliasProbeKey.self] = newValue }
  }
}

extension GlobalStoreTests {
  /// A defect the programs found in a live run, fixed
  /// (DEPS_CONTEXT=live, seed 2): the first `aliasing(_:to:)` of a key path in the process built
  /// its default in the store. Expected: no `FirstGlobalAliasProbeKey` line once the alias is
  /// cleared; actual: `FirstGlobalAliasProbeKey = 2 — default, built`.
  @Test func aliasingBuildsNoDefault() {
    DiffGlobalEnvironment().aliasing(\.firstGlobalAliasProbe, to: \.refC)
    Dependencies.clearAliases()
    let report = DiffGlobalEnvironment().dependencyReport()
    #expect(!report.contains("FirstGlobalAliasProbeKey"), "\(report)")
  }
}
