import Testing

@testable import DepsCore
@testable import GlobalDeps

private enum LazyNumberKey: DependencyKey {
  static let defaultValue = 1729
  static let testValue = defaultValue
}

/// A client whose default reads another dependency lazily, through a `@Dependency` of its own.
private final class LazyClient: @unchecked Sendable {
  // @unchecked: the wrapper is never reassigned.
  @Dependency(\.lazyNumber) var number
}

private enum LazyClientKey: DependencyKey {
  static var defaultValue: LazyClient { LazyClient() }
  static var testValue: LazyClient { defaultValue }
}

extension Dependencies {
  fileprivate var lazyNumber: Int {
    get { self[LazyNumberKey.self] }
    set { self[LazyNumberKey.self] = newValue }
  }
  fileprivate var lazyClient: LazyClient {
    get { self[LazyClientKey.self] }
    set { self[LazyClientKey.self] = newValue }
  }
}

private final class Model: @unchecked Sendable {
  // @unchecked: the wrapper is never reassigned.
  @Dependency(\.lazyClient) var client
}

@Suite struct ScopeDefaultsLifetimeTests {
  // In a test process the running test's node builds its defaults; a default that holds a
  // `@Dependency` made while it is built must not keep the node, and so itself, alive.
  @Test func aDefaultThatHoldsADependencyIsFreedWithItsTest() {
    weak var client: LazyClient?
    weak var test: DependencyNode?
    do {
      let node = TestScopes.makeNode(name: "ended")
      test = node
      Scopes.withCurrent(node) {
        withDependencies {
          $0.lazyNumber = 1
        } operation: {
          @Dependency(\.lazyClient) var scoped
          client = scoped
          #expect(scoped.number == 1)
        }
      }
    }
    #expect(test == nil)
    #expect(client == nil)
  }

  @Test func aModelMadeInTheScopeKeepsItsDefaultsAndTheirReads() {
    let model = withDependencies {
      $0.lazyNumber = 2
    } operation: {
      Model()
    }
    // The scope ended; the model holds it, and the default it builds reads the scope's values.
    #expect(model.client.number == 2)
    weak let client = model.client
    #expect(client != nil)
  }
}
