import DepsTestSupport
import Synchronization
import Testing

@testable import GlobalDeps

enum IntKey: DependencyKey {
  static let defaultValue = 0
  static let testValue = defaultValue
}
enum SchedulerKey: DependencyKey {
  static let defaultValue = "scheduler"
  static let testValue = defaultValue
}
enum GreetingKey: DependencyKey {
  // A default that reads another dependency.
  static var defaultValue: String { "hello from \(Dependency(\.mainQueue).wrappedValue)" }
  static var testValue: String { defaultValue }
}

final class Tracker: Sendable {
  static let built = Atomic<Int>(0)
  init() { Self.built.add(1, ordering: .relaxed) }
}
enum TrackerKey: DependencyKey {
  static var defaultValue: Tracker { Tracker() }
  static var testValue: Tracker { defaultValue }
}

extension Dependencies {
  var int: Int {
    get { self[IntKey.self] }
    set { self[IntKey.self] = newValue }
  }
  var scheduler: String {
    get { self[SchedulerKey.self] }
    set { self[SchedulerKey.self] = newValue }
  }
  var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
  var tracker: Tracker { self[TrackerKey.self] }
}

struct AppEnvironment: GlobalEnvironment {
  @Dependency(\.int) var int
  @Dependency(APIClient.self) var apiClient
  @Derived var child: ChildEnvironment
  @Derived<AliasedEnvironment>(aliases: { $0.alias(\.main, to: \.mainQueue) }) var aliased
}

struct ChildEnvironment: GlobalEnvironment {
  @Dependency(\.int) var int
  // Recursive: a child that derives its parent.
  @Derived var parent: AppEnvironment
}

struct AliasedEnvironment: GlobalEnvironment {
  @Dependency(\.main) var main
  @Dependency(\.mainQueue) var mainQueue
}

/// Not an environment: `@Dependency` works in any type.
struct FeatureModel: Sendable {
  @Dependency(\.int) var int
  @Dependency(APIClient.self) var apiClient
}

#if compiler(>=6.1)
  /// For suites that test process-wide aliases on purpose: declaring one does not warn.
  struct ProcessWideAliasesTrait: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
      for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
      try await StoreWriteWarnings.$expectsProcessWideAliases.withValue(true) {
        try await function()
      }
    }
  }

  extension Trait where Self == ProcessWideAliasesTrait {
    static var processWideAliases: Self { Self() }
  }
#endif
