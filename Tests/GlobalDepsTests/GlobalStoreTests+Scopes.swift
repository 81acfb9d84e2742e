import DepsTestSupport
import Testing

@testable import DepsCore
@testable import GlobalDeps

/// Scopes over a store that these tests write: part of the serialized store suite.
extension GlobalStoreTests {
  @Test func storeAliasesHoldInsideScopes() {
    AppEnvironment().aliasing(\.main, to: \.mainQueue)
    withDependencies {
      $0.main = "set through the alias in a scope"
    } operation: {
      #expect(Dependency(\.mainQueue).wrappedValue == "set through the alias in a scope")
      #expect(AliasedEnvironment().main == "set through the alias in a scope")
    }
    withDependencies {
      $0.mainQueue = "set through the reference in a scope"
    } operation: {
      #expect(Dependency(\.main).wrappedValue == "set through the reference in a scope")
    }
    #expect(AppEnvironment()[\.mainQueue] == "main-queue")
    #expect(AppEnvironment()[\.main] == "main-queue")
  }

  @Test func aScopeLeavesTheStoreUntouched() async {
    AppEnvironment().with(\.int, 1)
    let storeValues = GlobalStore.node.ownValues.count
    await withDependencies {
      $0.int = 2
      $0.mainQueue = "scoped"
    } operation: {
      #expect(FeatureModel().int == 2)
      await Task.yield()
      // What the scope does not override is read from the store at read time.
      AppEnvironment().with(APIClient.self, APIClient(name: "written during the scope"))
      #expect(FeatureModel().apiClient.name == "written during the scope")
    }
    #expect(FeatureModel().int == 1)
    #expect(AppEnvironment()[\.mainQueue] == "main-queue")
    #expect(GlobalStore.node.ownValues.count == storeValues + 1)
  }

  @Test func aTestAndItsScopesUseTheTestsDefaultsNotTheStores() {
    let fromTest = Dependency(\.stateful).wrappedValue
    #expect(Dependency(\.stateful).wrappedValue === fromTest)
    let fromScope = withDependencies { _ in
    } operation: {
      Dependency(\.stateful).wrappedValue
    }
    #expect(fromScope === fromTest)
    // A scope made over the store itself (what every outermost scope is outside tests) uses the
    // store's.
    let overStore = DependencyNode(scopeOf: [], aliases: AliasTable(), parent: GlobalStore.node)
    let fromStore = overStore.read(StatefulServiceKey.self)
    #expect(fromStore === GlobalStore.node.read(StatefulServiceKey.self))
    #expect(fromStore !== fromTest)
  }

  @Test func resetGivesTestsThatUseNoScopeFreshDefaults() {
    let first = Dependency(\.stateful).wrappedValue
    _ = first.call()
    Dependencies.reset()
    let second = Dependency(\.stateful).wrappedValue
    #expect(second !== first)
    #expect(second.call() == 1)
  }
}
