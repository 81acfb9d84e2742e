import DepsCore
import Testing

@testable import GlobalDeps

// Keys only this file reads, so the tests run in parallel with the others.
private enum FromAKey: DependencyKey {
  static let defaultValue = 0
  static let testValue = defaultValue
}
private enum FromBKey: DependencyKey {
  static let defaultValue = "store"
  static let testValue = defaultValue
}
private enum FromCKey: DependencyKey {
  static let defaultValue = 0
  static let testValue = defaultValue
}
private enum FromPrimaryKey: DependencyKey {
  static let defaultValue = "primary"
  static let testValue = defaultValue
}
private enum FromSecondaryKey: DependencyKey {
  static let defaultValue = "secondary"
  static let testValue = defaultValue
}

/// A service whose release the tests watch through a weak reference.
private final class FromService: Sendable {}
private enum FromServiceKey: DependencyKey {
  static var defaultValue: FromService? { nil }
  static var testValue: FromService? { defaultValue }
}

/// A stateful test value that only the outermost-scope tests read.
private enum FromStatefulKey: DependencyKey {
  static var defaultValue: StatefulService { StatefulService() }
  static var testValue: StatefulService { defaultValue }
}
private enum FromAsyncStatefulKey: DependencyKey {
  static var defaultValue: StatefulService { StatefulService() }
  static var testValue: StatefulService { defaultValue }
}

extension Dependencies {
  fileprivate var fromA: Int {
    get { self[FromAKey.self] }
    set { self[FromAKey.self] = newValue }
  }
  fileprivate var fromB: String {
    get { self[FromBKey.self] }
    set { self[FromBKey.self] = newValue }
  }
  fileprivate var fromC: Int {
    get { self[FromCKey.self] }
    set { self[FromCKey.self] = newValue }
  }
  fileprivate var fromPrimary: String {
    get { self[FromPrimaryKey.self] }
    set { self[FromPrimaryKey.self] = newValue }
  }
  fileprivate var fromSecondary: String {
    get { self[FromSecondaryKey.self] }
    set { self[FromSecondaryKey.self] = newValue }
  }
  fileprivate var fromService: FromService? {
    get { self[FromServiceKey.self] }
    set { self[FromServiceKey.self] = newValue }
  }
  fileprivate var fromStateful: StatefulService { self[FromStatefulKey.self] }
  fileprivate var fromAsyncStateful: StatefulService { self[FromAsyncStatefulKey.self] }
}

/// A model with `@Dependency` properties.
private final class FromModel {
  @Dependency(\.fromA) var a
  @Dependency(\.fromB) var b
  @Dependency(\.fromC) var c
  @Dependency(\.fromSecondary) var secondary
}

/// An object with no `@Dependency` property.
private final class PlainObject {}

/// `withDependencies(from:)` runs its operation with the model's values and the values of the scope
/// in force where it is called, those winning where both set a key, then the update on top.
@Suite struct WithDependenciesFromMergeTests {
  @Test func theScopeInForceWinsOverTheModelAndTheUpdateOverBoth() {
    let model = withDependencies {
      $0.fromA = 1
      $0.fromB = "model"
    } operation: {
      FromModel()
    }
    let child = withDependencies {
      $0.fromB = "current"
      $0.fromC = 3
    } operation: {
      withDependencies(from: model) { FromModel() }
    }
    #expect(child.a == 1)
    #expect(child.b == "current")
    #expect(child.c == 3)

    let updated = withDependencies {
      $0.fromB = "current"
    } operation: {
      withDependencies(from: model) {
        // The update reads the merged values.
        $0.fromA += 10
        $0.fromB += " and update"
      } operation: {
        FromModel()
      }
    }
    #expect(updated.a == 11)
    #expect(updated.b == "current and update")
    // With no scope in force: the model's values.
    #expect(withDependencies(from: model) { FromModel() }.b == "model")
  }

  @Test func theAsyncFormsMergeAlike() async {
    let model = await withDependencies {
      $0.fromA = 1
      $0.fromB = "model"
    } operation: { () async -> FromModel in
      await Task.yield()
      return FromModel()
    }
    let child = await withDependencies {
      $0.fromB = "current"
    } operation: {
      await withDependencies(from: model) { () async -> FromModel in
        await Task.yield()
        return FromModel()
      }
    }
    #expect(child.a == 1)
    #expect(child.b == "current")
    let updated = await withDependencies {
      $0.fromB = "current"
    } operation: {
      await withDependencies(from: model) {
        $0.fromC = 5
      } operation: { () async -> FromModel in
        await Task.yield()
        return FromModel()
      }
    }
    #expect((updated.a, updated.b, updated.c) == (1, "current", 5))
  }

  @Test func theScopeInForceWinsOverAModelMadeInsideIt() {
    withDependencies {
      $0.fromA = 1
      $0.fromB = "outer"
    } operation: {
      let model = withDependencies {
        $0.fromA = 2
        $0.fromC = 5
      } operation: {
        FromModel()
      }
      let child = withDependencies(from: model) { FromModel() }
      #expect(child.a == 1)
      #expect(child.b == "outer")
      #expect(child.c == 5)
    }
  }

  @Test func aModelMadeAroundTheScopeInForceHandsWhatThatScopeSees() {
    let (model, child) = withDependencies {
      $0.fromA = 1
      $0.fromB = "model"
    } operation: {
      let model = FromModel()
      let child = withDependencies {
        $0.fromA = 9
      } operation: {
        withDependencies(from: model) { FromModel() }
      }
      return (model, child)
    }
    // Read outside any scope (in the outer scope, its value would win, as for any model).
    #expect((child.a, child.b) == (9, "model"))
    #expect(model.a == 1)
  }

  @Test func mergedScopesNestAndSearchInOrder() {
    let first = withDependencies {
      $0.fromA = 1
      $0.fromB = "first"
      $0.fromC = 1
    } operation: {
      FromModel()
    }
    let second = withDependencies {
      $0.fromC = 2
    } operation: {
      withDependencies(from: first) { FromModel() }
    }
    let third = withDependencies {
      $0.fromA = 3
    } operation: {
      withDependencies(from: second) { FromModel() }
    }
    // Read twice: the second read of a scope is cached per thread.
    for _ in 0..<2 {
      #expect((third.a, third.b, third.c) == (3, "first", 2))
    }
    withDependencies {
      $0.fromB = "read"
    } operation: {
      // The scope in force when a model is read wins, as ever.
      for _ in 0..<2 {
        #expect((third.a, third.b, third.c) == (3, "read", 2))
      }
    }
  }

  @Test func anAliasOfEitherScopeOrOfTheUpdateHoldsInTheMergedScope() {
    // The model's scope declares the alias; the scope in force sets the key it stands for.
    let aliasing = withDependencies {
      $0.alias(\.fromSecondary, to: \.fromPrimary)
      $0.fromPrimary = "model"
    } operation: {
      FromModel()
    }
    let child = withDependencies {
      $0.fromPrimary = "current"
    } operation: {
      withDependencies(from: aliasing) { FromModel() }
    }
    #expect(child.secondary == "current")

    // The scope in force declares it; the model's scope sets the key.
    let setting = withDependencies {
      $0.fromPrimary = "model"
    } operation: {
      FromModel()
    }
    let aliased = withDependencies {
      $0.alias(\.fromSecondary, to: \.fromPrimary)
    } operation: {
      withDependencies(from: setting) { FromModel() }
    }
    #expect(aliased.secondary == "model")

    // The update declares it.
    let updated = withDependencies(from: setting) {
      $0.alias(\.fromSecondary, to: \.fromPrimary)
    } operation: {
      FromModel()
    }
    #expect(updated.secondary == "model")
    #expect(setting.secondary == "secondary")
  }
}

/// `withDependencies` remembers the scope of a class instance its operation returns, weakly, for
/// `withDependencies(from:)`.
@Suite struct RememberedScopeTests {
  @Test func anObjectAnOperationReturnedHandsOnItsScope() async {
    let plain = withDependencies {
      $0.fromA = 7
    } operation: {
      PlainObject()
    }
    #expect(withDependencies(from: plain) { FromModel() }.a == 7)
    let merged = withDependencies {
      $0.fromB = "current"
    } operation: {
      withDependencies(from: plain) { FromModel() }
    }
    #expect((merged.a, merged.b) == (7, "current"))

    let plainAsync = await withDependencies {
      $0.fromA = 8
    } operation: { () async -> PlainObject in
      await Task.yield()
      return PlainObject()
    }
    let child = await withDependencies(from: plainAsync) { () async -> FromModel in
      await Task.yield()
      return FromModel()
    }
    #expect(child.a == 8)
  }

  @Test func aChildMadeWithDependenciesFromAPlainObjectIsRememberedToo() {
    let plain = withDependencies {
      $0.fromA = 1
    } operation: {
      PlainObject()
    }
    let plainChild = withDependencies(from: plain) {
      $0.fromC = 2
    } operation: {
      PlainObject()
    }
    let grandchild = withDependencies(from: plainChild) { FromModel() }
    #expect((grandchild.a, grandchild.c) == (1, 2))
  }

  @Test func theMapNeverHoldsAnObjectStrongly() async {
    weak var weakObject: PlainObject?
    do {
      let object = withDependencies {
        $0.fromA = 1
      } operation: {
        PlainObject()
      }
      weakObject = object
      #expect(RememberedScopes.holdsEntry(for: object))
    }
    #expect(weakObject == nil)
    do {
      let object = await withDependencies {
        $0.fromA = 1
      } operation: { () async -> PlainObject in
        await Task.yield()
        return PlainObject()
      }
      weakObject = object
      #expect(RememberedScopes.holdsEntry(for: object))
    }
    #expect(weakObject == nil)
  }

  /// Remembers an object made in a scope that holds a fresh service, releases it, runs `sweep`,
  /// and returns whether the service was freed.
  private func serviceIsFreedWithTheObject(sweep: () -> Void) -> Bool {
    weak var weakService: FromService?
    weak var weakObject: PlainObject?
    do {
      let service = FromService()
      weakService = service
      let object = withDependencies {
        $0.fromService = service
      } operation: {
        PlainObject()
      }
      weakObject = object
      #expect(withDependencies(from: object) { Dependency(\.fromService).wrappedValue } === service)
    }
    #expect(weakObject == nil)
    sweep()
    // Another test's remembering may have swept this entry and be freeing it right now.
    RememberedScopes.waitForDrops()
    return weakService == nil
  }

  @Test func anObjectTheScopeHoldsAsAValueIsNotRemembered() {
    // Remembered, the entry would keep the scope alive, and the scope the object: neither would
    // ever be released.
    weak var weakService: FromService?
    do {
      let service = withDependencies {
        $0.fromService = FromService()
      } operation: {
        Dependency(\.fromService).wrappedValue!
      }
      weakService = service
      #expect(!RememberedScopes.holdsEntry(for: service))
    }
    #expect(weakService == nil)

    // A default built in the scope (the running test's, which keeps it).
    let built = withDependencies { _ in
    } operation: {
      Dependency(\.fromStateful).wrappedValue
    }
    #expect(!RememberedScopes.holdsEntry(for: built))
    #expect(Dependency(\.fromStateful).wrappedValue === built)
  }

  @Test func aReleasedObjectsEntryGoesWithItsScope() {
    #expect(serviceIsFreedWithTheObject(sweep: RememberedScopes.sweep))
  }

  @Test func rememberingSweepsTheEntriesOfReleasedObjectsAsTheMapGrows() {
    // The map sweeps when it holds more than twice the objects alive at its last sweep: far fewer
    // than a thousand, even with the other tests' objects.
    #expect(
      serviceIsFreedWithTheObject {
        for _ in 0..<1_000 {
          _ = withDependencies {
            $0.fromA = 1
          } operation: {
            PlainObject()
          }
        }
      })
  }
}

/// `withDependencies(from:)` given an object with neither a `@Dependency` property nor a
/// remembered scope warns, and runs the operation with the scope in force and the update.
@Suite struct WithDependenciesFromNoDependenciesTests {
  private let message = """
    withDependencies(from:) found no dependencies to hand on in the given PlainObject.

    A model hands on the dependencies it was made with: the scope its @Dependency properties \
    captured, or, for an object that a withDependencies operation returned, that operation's \
    scope. PlainObject has no @Dependency property and no withDependencies operation returned \
    it, so the operation runs with the dependencies in force where withDependencies(from:) was \
    called, plus the update's. To fix: return the PlainObject from the operation of the \
    withDependencies that sets its dependencies up \
    (let model = withDependencies { … } operation: { PlainObject(…) }), or give PlainObject a \
    @Dependency property.
    """

  @Test func aModelWithNoDependenciesIsWarnedAbout() async {
    let (child, warnings) = RuntimeWarnings.recording {
      withDependencies {
        $0.fromA = 3
      } operation: {
        withDependencies(from: PlainObject()) {
          $0.fromC = 4
        } operation: {
          FromModel()
        }
      }
    }
    #expect((child.a, child.c) == (3, 4))
    #expect(warnings == [message])

    let (asyncChild, asyncWarnings) = await RuntimeWarnings.recording {
      await withDependencies(from: PlainObject()) { () async -> FromModel in
        await Task.yield()
        return FromModel()
      }
    }
    #expect(asyncChild.a == 0)
    #expect(asyncWarnings == [message])
  }

  @Test func aModelMadeOutsideAnyScopeWithADependencyPropertyIsNotWarnedAbout() {
    let (child, warnings) = RuntimeWarnings.recording {
      withDependencies {
        $0.fromA = 3
      } operation: {
        withDependencies(from: FromModel()) { FromModel() }
      }
    }
    #expect(child.a == 3)
    #expect(warnings.isEmpty)
  }
}

/// The update closure of an outermost scope in a test process reads the test's defaults, as the
/// test's own reads and its operation do.
@Suite struct OutermostScopeUpdateTests {
  @Test func theUpdateReadsTheInstanceTheOperationReads() {
    var inUpdate: StatefulService?
    var readInUpdate: StatefulService?
    let inOperation = withDependencies {
      inUpdate = $0.fromStateful
      readInUpdate = Dependency(\.fromStateful).wrappedValue
      _ = $0.fromStateful.call()
    } operation: { () -> StatefulService in
      let service = Dependency(\.fromStateful).wrappedValue
      #expect(service.call() == 2)
      return service
    }
    #expect(inUpdate === inOperation)
    #expect(readInUpdate === inOperation)
    // The test's own reads, and its next scope, get the same instance: the test's.
    #expect(Dependency(\.fromStateful).wrappedValue === inOperation)
    let next = withDependencies { _ in
    } operation: {
      Dependency(\.fromStateful).wrappedValue
    }
    #expect(next === inOperation)
    // Another test has its own.
    #expect(asAnotherTest { Dependency(\.fromStateful).wrappedValue } !== inOperation)
  }

  @Test func theAsyncFormAlike() async {
    var inUpdate: StatefulService?
    let inOperation = await withDependencies {
      inUpdate = $0.fromAsyncStateful
      _ = $0.fromAsyncStateful.call()
    } operation: { () async -> StatefulService in
      await Task.yield()
      return Dependency(\.fromAsyncStateful).wrappedValue
    }
    #expect(inUpdate === inOperation)
    #expect(inOperation.calls.withLock { $0 } == 1)
    #expect(Dependency(\.fromAsyncStateful).wrappedValue !== inOperation)
  }

  @Test func aDependencyMadeInTheUpdateReadsTheScopesDefaultsAfterward() {
    var made: Dependency<StatefulService>?
    let inOperation = withDependencies { _ in
      made = Dependency(\.fromStateful)
    } operation: {
      Dependency(\.fromStateful).wrappedValue
    }
    #expect(made?.wrappedValue === inOperation)
  }
}
