import DepsTestSupport
import Testing

@testable import GlobalDeps

/// Scoped overrides never touch the store, so these run in parallel with everything else; they
/// use `APIClient`, which no store test sets... except through the serialized suite, so they only
/// assert on values they set themselves.
@Suite struct WithDependenciesTests {
  @Test func overridesHoldInsideTheScopeOnly() {
    let inside = withDependencies {
      $0[APIClient.self] = APIClient(name: "scoped")
    } operation: {
      FeatureModel().apiClient.name
    }
    #expect(inside == "scoped")
  }

  @Test func aDependencyMadeInsideAScopeKeepsItsOverrides() {
    let model = withDependencies {
      $0[APIClient.self] = APIClient(name: "captured")
    } operation: {
      FeatureModel()
    }
    #expect(model.apiClient.name == "captured")
    // The scope in force at read time wins.
    withDependencies {
      $0[APIClient.self] = APIClient(name: "current")
    } operation: {
      #expect(model.apiClient.name == "current")
    }
  }

  @Test func scopesNest() async {
    await withDependencies {
      $0[APIClient.self] = APIClient(name: "outer")
    } operation: {
      await Task.yield()
      await withDependencies {
        #expect($0[APIClient.self].name == "outer")
        $0[MainKey.self] = "inner"
      } operation: {
        #expect(FeatureModel().apiClient.name == "outer")
        await Task.yield()
        #expect(Dependency(\.main).wrappedValue == "inner")
      }
    }
  }
}
