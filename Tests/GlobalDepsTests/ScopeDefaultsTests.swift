import DepsTesting
import Testing

@testable import DepsCore
@testable import GlobalDeps

// The repro of issue 14, verbatim.
private enum ChildKey: DependencyKey {
  static let defaultValue = 1729
  static let testValue = defaultValue
}
private struct Parent: DependencyKey, Sendable {
  var value: Int
  static var defaultValue: Parent { Parent(value: Dependency(\.child).wrappedValue) }
  static var testValue: Parent { defaultValue }
}
extension Dependencies {
  fileprivate var child: Int {
    get { self[ChildKey.self] }
    set { self[ChildKey.self] = newValue }
  }
}
private struct Model { @Dependency(Parent.self) var parent }

// The same shape again, with keys no other test reads, for the live-context test.
private enum LiveChildKey: DependencyKey {
  static let defaultValue = 1729
  static let testValue = defaultValue
}
private struct LiveParent: DependencyKey, Sendable {
  var value: Int
  static var defaultValue: LiveParent { LiveParent(value: Dependency(\.liveChild).wrappedValue) }
  static var testValue: LiveParent { defaultValue }
}
extension Dependencies {
  fileprivate var liveChild: Int {
    get { self[LiveChildKey.self] }
    set { self[LiveChildKey.self] = newValue }
  }
}

@Suite struct ScopeDefaultsTests {
  @Test func aModelMadeInAScopeKeepsItsOverridesInTheDefaultsItReadsLater() {
    let a = withDependencies {
      $0.child = 1
    } operation: {
      Model()
    }
    #expect(a.parent.value == 1)  // 1729 before: built with no scope in force
  }

  @Test func aScopesDefaultReadsTheScopeFromAnyTask() async {
    let models = await withTaskGroup(of: Int.self) { group in
      for round in 0..<200 {
        group.addTask {
          let model = withDependencies {
            $0.child = round
          } operation: {
            Model()
          }
          // Read from another task, after the scope ended.
          return await Task.detached { model.parent.value - round }.value
        }
      }
      return await group.reduce(into: [Int]()) { $0.append($1) }
    }
    #expect(models.allSatisfy { $0 == 0 })
  }

  @Test func aDefaultFirstReadInsideALiveScopeIsBuiltWithTheStoreAndLeavesNoTrace() {
    // A live process: the scope owns no defaults, so the store builds them.
    let overlay = DependencyOverlay(
      parent: nil, writes: [Entry(id: DependencyID(LiveChildKey.self), box: ValueBox(1))],
      ownsDefaults: false)
    let inScope = DependencyOverlay.withCurrent(overlay) {
      (child: Dependency(\.liveChild).wrappedValue, parent: Dependency(LiveParent.self).wrappedValue.value)
    }
    #expect(inScope.child == 1)
    // The store's default read the store, not the scope that happened to be in force.
    #expect(inScope.parent == 1729)
    #expect(Dependency(LiveParent.self).wrappedValue.value == 1729)
    #expect(Dependency(\.liveChild).wrappedValue == 1729)
  }
}

private final class ParentModel {
  @Dependency(\.child) var child
  func makeChild() -> ChildModel { withDependencies(from: self) { ChildModel() } }
  func makeChild(adding offset: Int) -> ChildModel {
    withDependencies(from: self) {
      $0.child += offset
    } operation: {
      ChildModel()
    }
  }
  func makeChildAsync() async -> ChildModel {
    await withDependencies(from: self) {
      await Task.yield()
      return ChildModel()
    }
  }
  func makeChildAsync(adding offset: Int) async -> ChildModel {
    await withDependencies(from: self) {
      $0.child += offset
    } operation: { () async -> ChildModel in
      ChildModel()
    }
  }
}

private final class ChildModel {
  @Dependency(\.child) var child
}

private final class PlainModel {}

@Suite struct WithDependenciesFromModelTests {
  @Test func aParentHandsItsOverridesToTheChildrenItCreates() async {
    let parent = withDependencies {
      $0.child = 7
    } operation: {
      ParentModel()
    }
    #expect(parent.makeChild().child == 7)
    #expect(parent.makeChild(adding: 1).child == 8)
    #expect(await parent.makeChildAsync().child == 7)
    #expect(await parent.makeChildAsync(adding: 2).child == 9)
    // Made outside any scope: the store's value.
    #expect(ChildModel().child == 1729)
  }

  @Test func aModelMadeOutsideAnyScopeHandsNoOverrides() {
    let parent = ParentModel()
    #expect(parent.makeChild().child == 1729)
    // A model with no dependencies at all is warned about.
    let (child, warnings) = RuntimeWarnings.recording {
      withDependencies(from: PlainModel()) { ChildModel().child }
    }
    #expect(child == 1729)
    #expect(warnings == [ModelDependencies.noDependenciesMessage(modelType: "PlainModel")])
  }
}

private enum PrimaryKey: DependencyKey {
  static let defaultValue = "primary"
  static let testValue = defaultValue
}
private enum SecondaryKey: DependencyKey {
  static let defaultValue = "secondary"
  static let testValue = defaultValue
}
extension Dependencies {
  fileprivate var primary: String {
    get { self[PrimaryKey.self] }
    set { self[PrimaryKey.self] = newValue }
  }
  fileprivate var secondary: String {
    get { self[SecondaryKey.self] }
    set { self[SecondaryKey.self] = newValue }
  }
}

@Suite struct ScopedAliasTests {
  @Test func anAliasDeclaredInAnUpdateHoldsForThatScopeOnly() async {
    let inScope = withDependencies {
      $0.alias(\.secondary, to: \.primary)
      $0.primary = "set"
    } operation: {
      (Dependency(\.primary).wrappedValue, Dependency(\.secondary).wrappedValue)
    }
    #expect(inScope == ("set", "set"))
    let nested = withDependencies {
      $0.alias(\.secondary, to: \.primary)
    } operation: {
      withDependencies {
        $0.primary = "inner"
      } operation: {
        Dependency(\.secondary).wrappedValue
      }
    }
    #expect(nested == "inner")
    // Outside the scopes, and in a parallel task, the two are separate again.
    #expect(Dependency(\.secondary).wrappedValue == "secondary")
    let parallel = await Task.detached {
      withDependencies {
        $0.primary = "other"
      } operation: {
        Dependency(\.secondary).wrappedValue
      }
    }.value
    #expect(parallel == "secondary")
  }
}

@Suite(.dependencies { $0.alias(\.secondary, to: \.primary) })
struct TraitAliasTests {
  @Test func anAliasInTheTraitHoldsForTheTest() {
    #expect(Dependency(\.secondary).wrappedValue == "primary")
  }
}

/// Read by no other test: the warning test writes it to the store.
private enum DemoOnlyKey: DependencyKey {
  static let defaultValue = ""
  static let testValue = defaultValue
}
extension Dependencies {
  fileprivate var demoOnly: String {
    get { self[DemoOnlyKey.self] }
    set { self[DemoOnlyKey.self] = newValue }
  }
}

private struct WarningEnvironment: GlobalEnvironment {
  @Derived var demo = DemoEnvironment().with(\.demoOnly, "demo")
}
private struct DemoEnvironment: GlobalEnvironment {}

@Suite struct StoreWriteWarningTests {
  @Test func aStoreWriteWhileADerivedChildIsBuiltWarns() {
    let (_, warnings) = RuntimeWarnings.recording { _ = WarningEnvironment().demo }
    #expect(
      warnings == [
        """
        with(_:_:) set DemoOnlyKey on the process-wide store while @Derived DemoEnvironment was \
        being built.

        In GlobalDeps with(_:_:) sets a value for the whole process, not for the derived child: \
        every environment and every @Dependency sees it. To fix: use ComposableDeps, where \
        @Derived var child = Child().with(\\.key, value) holds for that subtree only, or scope the \
        value with withDependencies { $0.key = value } operation: { … }.
        """
      ])
  }

  @Test func aStoreWriteAfterTheFirstReadInALiveProcessWarns() {
    let (_, warnings) = RuntimeWarnings.recording {
      StoreWriteWarnings.checkWrite("PrimaryKey", context: .live, storeWasRead: true)
      StoreWriteWarnings.checkWrite("PrimaryKey", context: .live, storeWasRead: false)
      StoreWriteWarnings.checkWrite("PrimaryKey", context: .test, storeWasRead: true)
    }
    #expect(
      warnings == [
        """
        with(_:_:) set PrimaryKey on the process-wide store after dependencies were first read.

        In GlobalDeps with(_:_:) sets a value for the whole process, and code that already read \
        the old value may keep it. To fix: set process-wide values once, at launch, before the \
        first read; use ComposableDeps for values that differ per subtree, or \
        withDependencies { $0.key = value } operation: { … } for a scope.
        """
      ])
  }

  @Test func aProcessWideAliasDeclaredInATestWarns() {
    let (_, warnings) = RuntimeWarnings.recording {
      StoreWriteWarnings.checkAlias("SecondaryKey", "PrimaryKey")
    }
    #expect(
      warnings == [
        """
        aliasing(_:to:) made SecondaryKey a process-wide alias of PrimaryKey while a test is \
        running.

        In GlobalDeps an alias declared through an environment holds for the whole process, so \
        every test running in parallel sees it. To fix: declare it for the test's scope only, \
        with withDependencies { $0.alias(\\.a, to: \\.b) } operation: { … } or \
        @Suite(.dependencies { $0.alias(\\.a, to: \\.b) }).
        """
      ])
  }
}
