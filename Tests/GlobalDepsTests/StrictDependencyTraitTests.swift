import DepsTestSupport
import DepsTesting
import GlobalDeps
import Testing

@testable import DepsCore

@Suite struct StrictDependencyTraitTests {
  @Test(.dependencies(strict: true) { $0.scoped = 5 })
  func aStrictTraitWhoseOverridesAreReadPasses() {
    #expect(ScopedModel().scoped == 5)
  }

  @Test(
    .dependencies(strict: false) { dependencies in
      await Task.yield()
      dependencies.scoped = 6
    })
  func theUpdateMayAwait() {
    #expect(ScopedModel().scoped == 6)
  }

  @Test(.dependencies(strict: false) { $0.escaped = "never read" })
  func aTraitThatIsNotStrictAllowsUnreadOverrides() {
    #expect(ScopedModel().scoped == 0)
  }

  @Test func anUnreadOverrideFailsTheTestAtTheTrait() async throws {
    let line = #line + 1
    let trait: DependencyTrait = .dependencies(strict: true) {
      $0.scoped = 7
      $0.escaped = "unread"
      $0.main = "unread too"
    }
    let test = try #require(Test.current)
    let issues = await recordedIssuesWithLines {
      try? await trait.provideScope(for: test, testCase: Test.Case.current) {
        #expect(ScopedModel().scoped == 7)
      }
    }
    #expect(issues.map(\.text) == [unreadInTraitFailure("EscapeKey"), unreadInTraitFailure("MainKey")])
    #expect(issues.map(\.line) == [line, line])
  }

  @Test func theUpdateRunsInTheTestsScopeWithItsTestValues() async throws {
    let trait: DependencyTrait = .dependencies(strict: true) { dependencies in
      await Task.yield()
      _ = dependencies.stateful.call()
    }
    let test = try #require(Test.current)
    try await trait.provideScope(for: test, testCase: Test.Case.current) {
      // The instance the update called: the scope's own test value.
      #expect(ScopedModel().stateful.call() == 2)
    }
  }
}

private struct MainEnvironment: GlobalEnvironment {
  @Dependency(\.main) var main
}

private let mainReducer = Reducer<String, Bool, MainEnvironment> { state, _, environment in
  state = environment.main
  return .none
}

/// A strict `TestStore` whose environment is a `GlobalDeps` one checks the scope it was made in.
@MainActor
@Suite struct StrictGlobalTestStoreTests {
  @Test func finishFailsForTheScopesOverridesNothingRead() async {
    await withDependencies {
      $0.main = "scoped"
      $0.scoped = 1
    } operation: {
      let store = TestStore(
        initialState: "", reducer: mainReducer, environment: MainEnvironment(), strictDependencies: true)
      await store.send(true) { $0 = "scoped" }
      let issues = await recordedIssuesWithLines { await store.finish() }
      #expect(
        issues.map(\.text) == [
          """
          The TestStore's environment overrides ScopedKey, but the test never read it.

          A TestStore made with strictDependencies: true requires every value set on its \
          environment to be read by the end of the test, so that no override outlives the code \
          that needed it. To fix: remove the override, or make the TestStore without \
          strictDependencies: true.
          """
        ])
    }
  }
}
