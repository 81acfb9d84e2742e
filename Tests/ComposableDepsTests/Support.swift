import ComposableDeps
import DepsTestSupport

enum IntKey: DependencyKey {
  static let defaultValue = 1
  static let testValue = defaultValue
}

final class Service: Sendable {}
enum ServiceKey: DependencyKey {
  static var defaultValue: Service { Service() }
  static var testValue: Service { defaultValue }
}

extension Dependencies {
  var int: Int {
    get { self[IntKey.self] }
    set { self[IntKey.self] = newValue }
  }
  var service: Service { self[ServiceKey.self] }
}

final class RootEnvironment: ComposableEnvironment {
  @Dependency(\.int) var int
  @Dependency(APIClient.self) var apiClient
  @Derived var first: FirstEnvironment
  @Derived var second: SecondEnvironment
  @Derived var inline = SecondEnvironment().with(\.mainQueue, "inline")
  @Derived<AliasedEnvironment>(aliases: { $0.alias(\.main, to: \.mainQueue) }) var aliased
}

final class FirstEnvironment: ComposableEnvironment {
  @Dependency(\.int) var int
  @Derived var second: SecondEnvironment
  // Recursive: lazily created, so A derives B derives A works.
  @Derived var root: RootEnvironment
}

final class SecondEnvironment: ComposableEnvironment {
  @Dependency(\.int) var int
  @Dependency(\.mainQueue) var mainQueue
  @Derived var leaf: LeafEnvironment
}

final class LeafEnvironment: ComposableEnvironment {
  @Dependency(\.int) var int
  @Dependency(\.main) var main
  @Derived var next: LeafEnvironment
}

final class AliasedEnvironment: ComposableEnvironment {
  @Dependency(\.main) var main
  @Dependency(\.mainQueue) var mainQueue
  @Derived var leaf: LeafEnvironment
}
