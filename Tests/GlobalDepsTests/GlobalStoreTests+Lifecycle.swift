import DepsTestSupport
import Testing

@testable import DepsCore
@testable import GlobalDeps

private enum StoreReadsScopedKey: AsyncDependencyKey {
  static func makeDefault() async throws -> Int { Dependency(\.scoped).wrappedValue }
  static var testValue: AsyncDependency<Int> { .build { Dependency(\.scoped).wrappedValue } }
}
private enum StoreOwned: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { Resource("store") } }
}

extension Dependencies {
  fileprivate var storeReadsScoped: AsyncDependency<Int> { self[StoreReadsScopedKey.self] }
  fileprivate var storeOwned: AsyncDependency<Resource> { self[StoreOwned.self] }
}

/// The process-wide store's asynchronous defaults and shutdown: in the serialized store suite,
/// whose tests reset the store.
extension GlobalStoreTests {
  @Test func theStoresValueIsBuiltWithNoScopeInForce() async throws {
    // A scope that builds no defaults of its own reads the store's, as scopes do in an app.
    let scope = DependencyNode(
      scopeOf: [Entry(id: DependencyID(ScopedKey.self), box: ValueBox(5))], aliases: AliasTable(),
      parent: GlobalStore.node)
    let value = try await Scopes.withCurrent(scope, isolation: nil) {
      #expect(Dependency(\.scoped).wrappedValue == 5)
      return try await Dependency(\.storeReadsScoped).wrappedValue.value
    }
    #expect(value == 0)  // the store's value of `scoped`, not the scope's
  }

  @Test func shutdownOffATestsTaskShutsDownTheStoresValues() async throws {
    // Off the test's task, outside any scope: the store's value.
    let value = try await Task.detached { try await Dependency(\.storeOwned).wrappedValue.value }.value
    await withDependencies { _ in
    } operation: {
      await Dependencies.shutdown()
    }
    #expect(value.shutdowns == 0)  // the test's values, not the store's
    await Task.detached { await Dependencies.shutdown() }.value
    #expect(value.shutdowns == 1)
  }
}
