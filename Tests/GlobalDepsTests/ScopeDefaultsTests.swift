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
  @Test func aDefaultFirstReadThroughAModelIsBuiltWithTheModelsScope() {
    let a = withDependencies {
      $0.child = 1
    } operation: {
      Model()
    }
    #expect(a.parent.value == 1)  // 1729 before: built with no scope in force
  }

  @Test func aTestsDefaultIsBuiltOnceWithTheScopeOfItsFirstReadFromAnyTask() async {
    let models = await withTaskGroup(of: Int.self) { group in
      for round in 0..<200 {
        group.addTask {
          let model = withDependencies {
            $0.child = round
          } operation: {
            Model()
          }
          // Read from another task, after the scope ended.
          return await Task.detached { model.parent.value }.value
        }
      }
      return await group.reduce(into: [Int]()) { $0.append($1) }
    }
    // One parent for the test, built in the scope of whichever model read it first.
    #expect(Set(models).count == 1)
    #expect((0..<200).contains(models[0]))
  }

  @Test func aDefaultFirstReadInsideALiveScopeIsBuiltWithTheStoreAndLeavesNoTrace() {
    // A live process: the scope owns no defaults, so the store builds them.
    let overlay = DependencyNode(
      scopeOf: [Entry(id: DependencyID(LiveChildKey.self), box: ValueBox(1))], aliases: AliasTable(),
      parent: GlobalStore.node)
    let inScope = Scopes.withCurrent(overlay) {
      (child: Dependency(\.liveChild).wrappedValue, parent: Dependency(LiveParent.self).wrappedValue.value)
    }
    #expect(inScope.child == 1)
    // The store's default read the store, not the scope that happened to be in force.
    #expect(inScope.parent == 1729)
    #expect(Dependency(LiveParent.self).wrappedValue.value == 1729)
    #expect(Dependency(\.liveChild).wrappedValue == 1729)
  }
}
