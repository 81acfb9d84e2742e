import DepsCore

// Dependencies the tests of both modules declare the same way.

/// A type that is its own key: `with(APIClient.self, ...)`, `@Dependency(APIClient.self)`.
package struct APIClient: Sendable, DependencyKey {
  package var name: String
  package init(name: String) { self.name = name }
  package static let defaultValue = APIClient(name: "live")
  package static let testValue = APIClient(name: "test")
}

/// The reference end of the tests' aliases (`main` to `mainQueue`).
package enum MainQueueKey: DependencyKey {
  package static let defaultValue = "main-queue"
  package static let testValue = defaultValue
}

/// The alias end of the tests' aliases.
package enum MainKey: DependencyKey {
  package static let defaultValue = "main"
  package static let testValue = defaultValue
}

extension Dependencies {
  /// The dependency of ``MainQueueKey``.
  package var mainQueue: String {
    get { self[MainQueueKey.self] }
    set { self[MainQueueKey.self] = newValue }
  }
  /// The dependency of ``MainKey``.
  package var main: String {
    get { self[MainKey.self] }
    set { self[MainKey.self] = newValue }
  }
}
