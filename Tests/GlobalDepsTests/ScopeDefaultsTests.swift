import DepsTesting
import Testing

@testable import DepsCore
@testable import GlobalDeps

// The repro of issue 14, verbatim.
private enum ChildKey: DependencyKey { static let defaultValue = 1729 }
private struct Parent: DependencyKey, Sendable {
  var value: Int
  static var defaultValue: Parent { Parent(value: Dependency(\.child).wrappedValue) }
}
extension Dependencies {
  fileprivate var child: Int {
    get { self[ChildKey.self] }
    set { self[ChildKey.self] = newValue }
  }
}
private struct Model { @Dependency(Parent.self) var parent }

// The same shape again, with keys no other test reads, for the live-context test.
private enum LiveChildKey: DependencyKey { static let defaultValue = 1729 }
private struct LiveParent: DependencyKey, Sendable {
  var value: Int
  static var defaultValue: LiveParent { LiveParent(value: Dependency(\.liveChild).wrappedValue) }
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
    let inScope = DependencyOverlay.$current.withValue(overlay) {
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
    await withDependencies(from: self) { ChildModel() }
  }
  func makeChildAsync(adding offset: Int) async -> ChildModel {
    await withDependencies(from: self) {
      $0.child += offset
    } operation: {
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
    #expect(withDependencies(from: PlainModel()) { ChildModel().child } == 1729)
  }
}

private enum PrimaryKey: DependencyKey { static let defaultValue = "primary" }
private enum SecondaryKey: DependencyKey { static let defaultValue = "secondary" }
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
      withDependencies { $0.primary = "inner" } operation: { Dependency(\.secondary).wrappedValue }
    }
    #expect(nested == "inner")
    // Outside the scopes, and in a parallel task, the two are separate again.
    #expect(Dependency(\.secondary).wrappedValue == "secondary")
    let parallel = await Task.detached {
      withDependencies { $0.primary = "other" } operation: { Dependency(\.secondary).wrappedValue }
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
