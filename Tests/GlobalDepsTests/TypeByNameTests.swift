import DepsCore
import Testing

@testable import DepsTesting
@testable import GlobalDeps

/// The library finds `GlobalDeps`' and `DepsTesting`'s types at run time by hand-written mangled
/// names (`_typeByName`): each must be the name the compiler gives the type it means, or the
/// lookup silently finds nothing.
@Suite struct TypeByNameTests {
  @Test func theDependencyScopeIsLookedUpByItsMangledName() {
    #expect(DependencyScopeProvider.typeName == _mangledTypeName(GlobalDependencyScope.self))
    #expect(_typeByName(DependencyScopeProvider.typeName) == GlobalDependencyScope.self)
    #expect(DependencyScopeProvider.linked == GlobalDependencyScope.self)
  }

  @Test func theTestReporterIsLookedUpByItsMangledName() {
    #expect(TestReporter.typeName == _mangledTypeName(TestFrameworkReporter.self))
    #expect(_typeByName(TestReporter.typeName) == TestFrameworkReporter.self)
    #expect(TestReporter.linked == TestFrameworkReporter.self)
  }
}
