import DepsTestSupport
import Foundation
import GlobalDeps
import Testing

@testable import DepsCore

// Attacks on GlobalDeps' withDependencies scopes, whose links (parent, fallback, aliases,
// defaults, usage) GlobalDeps now owns: deep nesting, withDependencies(from:) inside another
// scope, aliases declared in inner and outer scopes, models used after their scope ended, scopes
// that end on another thread, thousands of tasks each in a scope, and what a scope frees when it
// ends. Each asserts what Docs/Testing.md ("What the scope reaches") and Docs/Aliasing.md promise.
// Keys of their own, so other suites never see them.

/// A key whose test value is its default: these suites read what they set, or the default.
private protocol ScopeAttackKey: DependencyKey {}
extension ScopeAttackKey {
  static var testValue: Value { defaultValue }
}

private enum DepthKey: ScopeAttackKey { static let defaultValue = -1 }
private enum BaseKey: ScopeAttackKey { static let defaultValue = -2 }
private enum PrimaryKey: ScopeAttackKey { static let defaultValue = "primary" }
private enum SecondaryKey: ScopeAttackKey { static let defaultValue = "secondary" }
private enum TertiaryKey: ScopeAttackKey { static let defaultValue = "tertiary" }

extension Dependencies {
  fileprivate var depth: Int {
    get { self[DepthKey.self] }
    set { self[DepthKey.self] = newValue }
  }
  fileprivate var base: Int {
    get { self[BaseKey.self] }
    set { self[BaseKey.self] = newValue }
  }
  fileprivate var primary: String {
    get { self[PrimaryKey.self] }
    set { self[PrimaryKey.self] = newValue }
  }
  fileprivate var secondary: String {
    get { self[SecondaryKey.self] }
    set { self[SecondaryKey.self] = newValue }
  }
  fileprivate var tertiary: String {
    get { self[TertiaryKey.self] }
    set { self[TertiaryKey.self] = newValue }
  }
}

private final class ScopeAttackModel: @unchecked Sendable {
  // @unchecked: its `@Dependency` properties (`Sendable`) are set once, when it is made.
  @Dependency(\.depth) var depth
  @Dependency(BaseKey.self) var base
  @Dependency(\.primary) var primary
  @Dependency(\.secondary) var secondary
  @Dependency(\.tertiary) var tertiary
  @Dependency(\.namedObject) var object

  /// What the model reads, as one string.
  var reads: String { "\(depth) \(base) \(primary) \(secondary) \(tertiary) \(object.name)" }
}

/// What a coordinator's callers see of it: a class-bound protocol.
private protocol ScopeCoordinator: AnyObject {}

/// An object with no `@Dependency` property.
private final class PlainScopeObject: ScopeCoordinator {}

@Suite struct AttackScopeTests {
  /// Scopes nested 50 deep, each setting `depth` and a value of its own, the outermost `base`:
  /// every level reads its own depth and the outermost base, during and after the scopes inside it,
  /// the models made at every level keep their level's values after every scope ended, and each
  /// level's value is freed once its model goes.
  @Test func scopesNestedFiftyDeep() {
    var models: [ScopeAttackModel] = []
    var watched: [WeakBox] = []
    var failures: [String] = []
    func nest(_ level: Int) {
      let object = NamedObject("level \(level)")
      watched.append(WeakBox(object))
      withDependencies {
        if level == 0 { $0.base = 100 }
        #expect($0.depth == level - 1, "level \(level)'s update reads the level around it")
        $0.depth = level
        $0.namedObject = object
      } operation: {
        let expected = "\(level) 100 primary secondary tertiary level \(level)"
        let model = ScopeAttackModel()
        models.append(model)
        if model.reads != expected { failures.append("level \(level) before: \(model.reads)") }
        if level < 49 { nest(level + 1) }
        for _ in 0..<2 where ScopeAttackModel().reads != expected || model.reads != expected {
          failures.append("level \(level) after the scopes inside it: \(ScopeAttackModel().reads)")
        }
      }
    }
    nest(0)
    #expect(failures.isEmpty, "\(failures.prefix(5))")
    #expect(models.count == 50)
    for (level, model) in models.enumerated() {
      #expect(model.reads == "\(level) 100 primary secondary tertiary level \(level)")
    }
    #expect(ScopeAttackModel().reads == "-1 -2 primary secondary tertiary default")
    models.removeAll()
    for (level, box) in watched.enumerated() {
      #expect(box.becomesNil(), "level \(level)'s value outlived its scope and model by 10 s")
    }
  }

  /// `withDependencies(from: model)` while another scope is in force: the child gets the model's
  /// overrides plus the scope in force's, the scope in force winning where both set a value, then
  /// the update's on top; a scope nested in that operation adds its own.
  @Test func withDependenciesFromAModelInsideAnotherScope() {
    let parent = withDependencies {
      $0.depth = 1
      $0.primary = "model's primary"
      $0.secondary = "model's secondary"
    } operation: {
      ScopeAttackModel()
    }
    withDependencies {
      $0.primary = "in force"
      $0.base = 7
    } operation: {
      let child = withDependencies(from: parent) {
        #expect($0.primary == "in force", "the update reads the scope in force over the model's")
        #expect($0.secondary == "model's secondary")
        $0.tertiary = "update"
      } operation: {
        #expect(ScopeAttackModel().reads == "1 7 in force model's secondary update default")
        withDependencies {
          $0.secondary = "nested"
        } operation: {
          #expect(ScopeAttackModel().reads == "1 7 in force nested update default")
        }
        #expect(ScopeAttackModel().reads == "1 7 in force model's secondary update default")
        return ScopeAttackModel()
      }
      #expect(child.reads == "1 7 in force model's secondary update default")
      // A grandchild made from the child, inside yet another scope.
      withDependencies {
        $0.depth = 3
      } operation: {
        let grandchild = withDependencies(from: child) { ScopeAttackModel() }
        #expect(grandchild.reads == "3 7 in force model's secondary update default")
      }
    }
    // Outside every scope the child keeps what it was made with.
    #expect(parent.reads == "1 -2 model's primary model's secondary tertiary default")
  }

  /// `withDependencies(from: model)` inside a scope: the aliases of the model's scope and of the
  /// scope in force both hold, and the scope in force wins where both set a value.
  @Test func aliasesOfTheModelsScopeAndOfTheScopeInForceBothHold() {
    let model = withDependencies {
      $0.alias(\.secondary, to: \.primary)
      $0.primary = "model's"
    } operation: {
      ScopeAttackModel()
    }
    func reads() -> [String] {
      withDependencies(from: model) {
        let child = ScopeAttackModel()
        return [child.primary, child.secondary, child.tertiary]
      }
    }
    withDependencies {
      $0.alias(\.tertiary, to: \.primary)
    } operation: {
      #expect(reads() == ["model's", "model's", "model's"])
    }
    withDependencies {
      $0.tertiary = "in force"
    } operation: {
      #expect(reads() == ["model's", "model's", "in force"])
    }
    withDependencies {
      $0.alias(\.tertiary, to: \.primary)
      $0.primary = "in force"
    } operation: {
      #expect(reads() == ["in force", "in force", "in force"])
    }
    #expect(reads() == ["model's", "model's", "tertiary"])
  }

  /// An alias declared in an outer scope holds in the scopes nested in it (setting either name in
  /// an inner scope sets both there), one declared in an inner scope holds there only, and chains
  /// across scopes join one group.
  @Test func aliasesDeclaredInOuterAndInnerScopes() {
    withDependencies {
      $0.alias(\.secondary, to: \.primary)
      $0.primary = "outer"
    } operation: {
      #expect(ScopeAttackModel().secondary == "outer")
      withDependencies {
        $0.secondary = "inner"
      } operation: {
        let model = ScopeAttackModel()
        #expect(model.primary == "inner" && model.secondary == "inner")
        withDependencies {
          $0.alias(\.tertiary, to: \.secondary)
        } operation: {
          #expect(ScopeAttackModel().tertiary == "inner", "a chain across scopes joins the group")
          withDependencies {
            $0.tertiary = "innermost"
          } operation: {
            let model = ScopeAttackModel()
            #expect(
              [model.primary, model.secondary, model.tertiary] == ["innermost", "innermost", "innermost"])
          }
        }
        #expect(ScopeAttackModel().tertiary == "tertiary", "the inner scope's alias ended with it")
      }
      let model = ScopeAttackModel()
      #expect([model.primary, model.secondary, model.tertiary] == ["outer", "outer", "tertiary"])
    }
    withDependencies {
      $0.primary = "set"
    } operation: {
      withDependencies {
        $0.alias(\.secondary, to: \.primary)
      } operation: {
        #expect(ScopeAttackModel().secondary == "set", "an inner alias reads the outer scope's value")
      }
      #expect(ScopeAttackModel().secondary == "secondary")
    }
    let model = ScopeAttackModel()
    #expect([model.primary, model.secondary, model.tertiary] == ["primary", "secondary", "tertiary"])
  }

  /// A model made in a scope keeps the scope's values (and its aliases) after the scope ended,
  /// anywhere; inside another scope, what that scope sets wins.
  @Test func aModelUsedAfterItsScopeEnded() async {
    let model = withDependencies {
      $0.alias(\.secondary, to: \.primary)
      $0.primary = "captured"
      $0.depth = 5
    } operation: {
      ScopeAttackModel()
    }
    #expect(model.reads == "5 -2 captured captured tertiary default")
    withDependencies {
      $0.depth = 6
    } operation: {
      #expect(model.reads == "6 -2 captured captured tertiary default")
    }
    withDependencies {
      $0.primary = "in force"
    } operation: {
      #expect(model.primary == "in force")
    }
    let elsewhere = await Task.detached { model.reads }.value
    #expect(elsewhere == "5 -2 captured captured tertiary default")
    let onAThread = Locked<String?>(nil)
    #expect(ShortLivedThreads.run(count: 1) { _ in onAThread.withLock { $0 = model.reads + model.reads } })
    #expect(
      onAThread.withLock { $0 } == String(repeating: "5 -2 captured captured tertiary default", count: 2))
  }

  /// A scope whose operation moves to other threads, whose model and escaped scope are used and
  /// released on threads other than the one that made it: reads see the scope's values everywhere,
  /// and its value is freed once the last holder goes, on whatever thread.
  @Test func aScopeEndedAndReleasedOnOtherThreads() async {
    let worker = WorkerThread(name: "Scope attack worker")
    defer { worker.stop() }
    let watched: WeakBox = await {
      let object = NamedObject("hopping")
      let watched = WeakBox(object)
      let (model, escaped) = await withDependencies {
        $0.namedObject = object
        $0.depth = 8
      } operation: {
        await withCheckedContinuation { continuation in
          DispatchQueue.global().async { continuation.resume() }
        }
        await Task.detached {}.value
        #expect(ScopeAttackModel().reads == "8 -2 primary secondary tertiary hopping")
        return (ScopeAttackModel(), withEscapedDependencies { $0 })
      }
      let shared = Locked<ScopeAttackModel?>(model)
      let reads = worker.run {
        let model = shared.withLock { $0 }
        shared.withLock { $0 = nil }
        return [model?.reads, escaped.yield { ScopeAttackModel().reads }]
      }
      let expected: String? = "8 -2 primary secondary tertiary hopping"
      #expect(reads == [expected, expected])
      return watched
    }()
    ThreadReadCache.waitForPurges()
    #expect(watched.becomesNil(), "a scope's value outlived the scope by 10 s")
  }

  /// Thousands of concurrent tasks (3,000 at full scale), each in a scope of its own with child
  /// tasks and nested scopes, reading in loops across suspension points: each sees only its own
  /// values, and every value set is freed once the tasks are done.
  @Test func thousandsOfConcurrentTasksEachSeeOnlyTheirOwnScope() async {
    let count = StressScale.scaled(3_000)
    let watched = Locked<[WeakBox]>([])
    let failures = await withTaskGroup(of: [String].self) { group in
      for index in 0..<count {
        group.addTask {
          let object = NamedObject("\(index)")
          watched.withLock { $0.append(WeakBox(object)) }
          return await withDependencies {
            $0.depth = index
            $0.namedObject = object
          } operation: {
            let expected = "\(index) -2 primary secondary tertiary \(index)"
            var failures: [String] = []
            for round in 0..<3 {
              let model = ScopeAttackModel()
              if model.reads != expected { failures.append("task \(index) round \(round): \(model.reads)") }
              await Task.yield()
              if model.reads != expected { failures.append("task \(index) after yield: \(model.reads)") }
            }
            async let child = ScopeAttackModel().reads
            let nested = await withDependencies {
              $0.base = index
            } operation: {
              await Task.yield()
              return ScopeAttackModel().reads
            }
            if await child != expected { failures.append("task \(index) child: \(await child)") }
            if nested != "\(index) \(index) primary secondary tertiary \(index)" {
              failures.append("task \(index) nested: \(nested)")
            }
            return failures
          }
        }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
    ThreadReadCache.waitForPurges()
    let deadline = ContinuousClock.now + .seconds(10)
    var alive = watched.withLock { $0 }.filter { $0.object != nil }.count
    while alive > 0 && ContinuousClock.now < deadline {
      usleep(1_000)
      alive = watched.withLock { $0 }.filter { $0.object != nil }.count
    }
    #expect(alive == 0, "\(alive) of \(count) scopes' values outlived their tasks by 10 s")
  }

  /// A value set in a scope is freed once the scope ended and the model made in it (which holds
  /// the scope through its `@Dependency` properties) is released: the docs promise the scope is
  /// remembered for an object its operation returned "weakly, until the object is released".
  @Test func aScopeValueIsFreedWhenTheModelMadeInItIsReleased() {
    let watched = valueOfAScope { ScopeAttackModel() }
    #expect(
      watched.becomesNil(within: .seconds(2)), "a scope's value outlived the scope and its model by 2 s")
  }

  /// The same for an object with no `@Dependency` property, whose scope `withDependencies`
  /// remembers for `withDependencies(from:)`: as its docs say, the scope and its values are freed
  /// once the object is released by the next sweep of the records, which a later
  /// `withDependencies` that returns an object runs once the records have doubled (not at once:
  /// Swift has no hook that runs when an arbitrary object is released). Other tests remember
  /// objects too, so this one returns objects until the sweep has run, at most 100,000 times.
  @Test func aScopeValueIsFreedByTheSweepAfterAPlainObjectItsOperationReturnedIsReleased() {
    let watched = valueOfAScope { PlainScopeObject() }
    var rememberings = 0
    while watched.object != nil, rememberings < 100_000 {
      _ = withDependencies {
        $0.depth = rememberings
      } operation: {
        PlainScopeObject()
      }
      rememberings += 1
    }
    #expect(
      watched.becomesNil(within: .seconds(2)),
      "a scope's value outlived its released object and \(rememberings) later rememberings")
  }

  /// Sets a new object in a scope whose operation returns what `make` makes, checks that it hands
  /// the object on (`withDependencies(from:)`), releases it, and returns the object, watched.
  private func valueOfAScope(returning make: () -> AnyObject) -> WeakBox {
    let object = NamedObject("set in the scope")
    let watched = WeakBox(object)
    let made = withDependencies {
      $0.namedObject = object
    } operation: {
      make()
    }
    #expect(withDependencies(from: made) { ScopeAttackModel().object } === object)
    return watched
  }

  /// An object with no `@Dependency` property returned from a scope's operation as an existential
  /// (`AnyObject`, a class-bound protocol) is a class instance all the same: its scope is
  /// remembered, and `withDependencies(from:)` hands it on.
  @Test func anObjectReturnedAsAnExistentialHandsOnItsScope() {
    let object: AnyObject = withDependencies {
      $0.depth = 12
    } operation: { () -> AnyObject in
      PlainScopeObject()
    }
    #expect(withDependencies(from: object) { ScopeAttackModel().depth } == 12)
    let coordinator = withDependencies {
      $0.depth = 13
    } operation: { () -> any ScopeCoordinator in
      PlainScopeObject()
    }
    #expect(withDependencies(from: coordinator) { ScopeAttackModel().depth } == 13)
  }

  /// A value a scope set and the thread read in a loop (so cached) is freed when the scope ends,
  /// before the next statement after a bounded wait.
  @Test func aScopeValueReadInALoopIsFreedWhenTheScopeEnds() {
    let watched: WeakBox = {
      let object = NamedObject("looped")
      let watched = WeakBox(object)
      withDependencies {
        $0.namedObject = object
      } operation: {
        for _ in 0..<100 { #expect(ScopeAttackModel().object.name == "looped") }
      }
      return watched
    }()
    ThreadReadCache.waitForPurges()
    #expect(watched.becomesNil(), "a scope's value read in a loop outlived the scope by 10 s")
  }
}
