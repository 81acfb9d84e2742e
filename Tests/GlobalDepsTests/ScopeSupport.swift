import DepsCore
import GlobalDeps
import Synchronization

// Keys that only scoped tests override, so that tests running in parallel with the serialized
// store suite never see each other's values.

enum ScopedKey: DependencyKey {
  static let defaultValue = 0
  static let testValue = defaultValue
}
enum EscapeKey: DependencyKey {
  static let defaultValue = "store"
  static let testValue = defaultValue
}

/// A stateful test value: each instance has its own serial number and its own call count.
final class StatefulService: Sendable {
  private static let serials = Atomic<Int>(0)
  let serial: Int
  // `Locked`, not `Mutex`: the thread sanitizer cannot see `Mutex`'s contended handoff.
  let calls = Locked(0)

  init() { serial = Self.serials.add(1, ordering: .relaxed).newValue }

  /// Counts a call and returns how many calls this instance has seen.
  func call() -> Int {
    calls.withLock {
      $0 += 1
      return $0
    }
  }
}

enum StatefulServiceKey: DependencyKey {
  static var defaultValue: StatefulService { StatefulService() }
  static var testValue: StatefulService { defaultValue }
}

/// A default that reads another dependency: cached once per store, or per test scope.
enum ScopedGreetingKey: DependencyKey {
  static var defaultValue: String { "hello from \(Dependency(\.escaped).wrappedValue)" }
  static var testValue: String { defaultValue }
}

extension Dependencies {
  var scoped: Int {
    get { self[ScopedKey.self] }
    set { self[ScopedKey.self] = newValue }
  }
  var escaped: String {
    get { self[EscapeKey.self] }
    set { self[EscapeKey.self] = newValue }
  }
  var stateful: StatefulService { self[StatefulServiceKey.self] }
  var scopedGreeting: String { self[ScopedGreetingKey.self] }
}

/// A model that reads the scoped dependencies with `@Dependency`.
struct ScopedModel: Sendable {
  @Dependency(\.scoped) var scoped
  @Dependency(\.escaped) var escaped
  @Dependency(\.stateful) var stateful
}
