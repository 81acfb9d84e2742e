import DepsTesting
import GlobalDeps
import Testing

@testable import DepsCore

/// What `Dependencies.usage()` says a test touched in a scope.
@Suite struct GlobalDependencyUsageTests {
  @Test func aScopesReadsAndUnreadOverrides() {
    withDependencies {
      $0.scoped = 1
      $0.escaped = "set"
    } operation: {
      #expect(Dependencies.usage() == DependencyUsage(read: [], unreadOverrides: ["EscapeKey", "ScopedKey"]))
      #expect(ScopedModel().scoped == 1)
      #expect(Dependencies.usage() == DependencyUsage(read: ["ScopedKey"], unreadOverrides: ["EscapeKey"]))
      _ = Dependency(\.escaped).wrappedValue
      #expect(
        Dependencies.usage() == DependencyUsage(read: ["EscapeKey", "ScopedKey"], unreadOverrides: []))
    }
  }

  @Test func aReadInANestedScopeCountsForTheScopesAroundIt() {
    withDependencies {
      $0.scoped = 1
    } operation: {
      withDependencies {
        $0.escaped = "inner"
      } operation: {
        _ = ScopedModel().scoped
        #expect(Dependencies.usage() == DependencyUsage(read: ["ScopedKey"], unreadOverrides: ["EscapeKey"]))
      }
      // The nested scope's override is its own, not this scope's.
      #expect(Dependencies.usage() == DependencyUsage(read: ["ScopedKey"], unreadOverrides: []))
    }
  }

  @Test func aReadCachedBeforeTheQuestionIsCounted() {
    withDependencies {
      $0.scoped = 2
    } operation: {
      // From its second read through the scope on, the thread caches the read.
      for _ in 0..<3 { _ = ScopedModel().scoped }
      #expect(Dependencies.usage() == DependencyUsage(read: ["ScopedKey"], unreadOverrides: []))
    }
  }

  @Test(.dependencies { $0.scoped = 4 })
  func theTraitsScopeIsTheOneAsked() {
    #expect(Dependencies.usage() == DependencyUsage(read: [], unreadOverrides: ["ScopedKey"]))
    _ = ScopedModel().scoped
    #expect(Dependencies.usage() == DependencyUsage(read: ["ScopedKey"], unreadOverrides: []))
  }

  @Test func aTestScopesReadsOfUnsetKeysAreCounted() {
    withDependencies { _ in
    } operation: {
      _ = ScopedModel().escaped
      #expect(Dependencies.usage() == DependencyUsage(read: ["EscapeKey"], unreadOverrides: []))
    }
  }
}
