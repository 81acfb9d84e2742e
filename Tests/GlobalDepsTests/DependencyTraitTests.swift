import DepsTesting
import Testing

@testable import DepsCore
@testable import GlobalDeps

/// Serials of the `StatefulService` instances the trait's test cases have seen. `Locked`, not
/// `Mutex`: the thread sanitizer cannot see `Mutex`'s contended handoff and reports false races.
private let seenServices = Locked<Set<Int>>([])

@Suite(.dependencies { $0.scoped = 100 })
struct DependencyTraitTests {
  @Test func aSuiteTraitAppliesToItsTests() {
    #expect(ScopedModel().scoped == 100)
    #expect(Scopes.bound != nil)
  }

  @Test(.dependencies { $0.scoped += 1 })
  func aTestTraitAppliesInsideTheSuiteTrait() {
    #expect(ScopedModel().scoped == 101)
  }

  @Test(.dependencies { $0.escaped = "trait" })
  func aTestTraitAndAScopeInTheTestCompose() async {
    await withDependencies {
      $0.scoped += 10
    } operation: {
      await Task.yield()
      #expect(ScopedModel().scoped == 110)
      #expect(ScopedModel().escaped == "trait")
    }
  }

  @Test(arguments: 1...4)
  func eachTestCaseGetsFreshDefaults(argument: Int) {
    let service = Dependency(\.stateful).wrappedValue
    #expect(ScopedModel().stateful === service)
    #expect(service.call() == 1)
    // Had any other case shared this case's defaults, it would have seen the same instance.
    let isNew = seenServices.withLock { $0.insert(service.serial).inserted }
    #expect(isNew)
  }

  @Suite struct Nested {
    @Test func aNestedSuiteInheritsTheTrait() {
      #expect(ScopedModel().scoped == 100)
    }
  }
}

@Test(.dependencies { $0.escaped = "free function" })
func theTraitAppliesToAFreeTestFunction() {
  #expect(ScopedModel().escaped == "free function")
  #expect(ScopedModel().scoped == 0)
}

@Suite struct DependencyScopeLookupTests {
  @Test func depsTestingFindsGlobalDepsScopeByName() {
    #expect(DependencyScopeProvider.linked != nil)
    #expect(DependencyScopeProvider.linked == GlobalDependencyScope.self)
  }
}

/// A value an update can only get by awaiting it.
private func awaitedValue() async -> Int {
  await Task.yield()
  return 7
}

extension DependencyTraitTests {
  /// The plain trait's update may `await`, as swift-dependencies' does (it compiled only with
  /// `strict:` written before).
  @Test(.dependencies { $0.scoped = await awaitedValue() })
  func aPlainTraitsUpdateMayAwait() {
    #expect(ScopedModel().scoped == 7)
  }
}
