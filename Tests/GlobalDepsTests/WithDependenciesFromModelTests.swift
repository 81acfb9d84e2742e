import DepsTesting
import Testing

@testable import DepsCore
@testable import GlobalDeps

// A model hands its dependencies to the models it creates with `withDependencies(from:)`.

/// Read by no other test.
private enum ModelChildKey: DependencyKey {
  static let defaultValue = 1729
  static let testValue = defaultValue
}
extension Dependencies {
  fileprivate var modelChild: Int {
    get { self[ModelChildKey.self] }
    set { self[ModelChildKey.self] = newValue }
  }
}

private final class ParentModel {
  @Dependency(\.modelChild) var child
  func makeChild() -> ChildModel { withDependencies(from: self) { ChildModel() } }
  func makeChild(adding offset: Int) -> ChildModel {
    withDependencies(from: self) {
      $0.modelChild += offset
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
      $0.modelChild += offset
    } operation: { () async -> ChildModel in
      ChildModel()
    }
  }
}

private final class ChildModel {
  @Dependency(\.modelChild) var child
}

private final class PlainModel {}

@Suite struct WithDependenciesFromModelTests {
  @Test func aParentHandsItsOverridesToTheChildrenItCreates() async {
    let parent = withDependencies {
      $0.modelChild = 7
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
