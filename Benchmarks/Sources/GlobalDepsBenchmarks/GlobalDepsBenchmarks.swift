import BenchmarkSupport
import GlobalDeps

private enum OverriddenKey: DependencyKey { static let defaultValue = 0 }
private enum DefaultKey: DependencyKey { static let defaultValue = 7 }
private enum ScopedKey: DependencyKey { static let defaultValue = 0 }
private enum PeerKey: DependencyKey { static let defaultValue = 0 }

/// A service built once and shared, the shape Swinject's container scope resolves.
private final class Service: Sendable {
  let value: Int
  init(value: Int) { self.value = value }
}
private enum ServiceKey: DependencyKey { static let defaultValue = Service(value: 1) }

/// A type that is its own key.
private struct Counter: DependencyKey, Sendable {
  static let defaultValue = Counter(value: 3)
  var value: Int
}

extension Dependencies {
  fileprivate var overridden: Int {
    get { self[OverriddenKey.self] }
    set { self[OverriddenKey.self] = newValue }
  }
  fileprivate var untouched: Int {
    get { self[DefaultKey.self] }
    set { self[DefaultKey.self] = newValue }
  }
  fileprivate var scoped: Int {
    get { self[ScopedKey.self] }
    set { self[ScopedKey.self] = newValue }
  }
  fileprivate var peer: Int {
    get { self[PeerKey.self] }
    set { self[PeerKey.self] = newValue }
  }
  fileprivate var service: Service {
    get { self[ServiceKey.self] }
    set { self[ServiceKey.self] = newValue }
  }
  // One declaration with no key type (`Dependencies[default:test:]`), for the row set against
  // `overriddenRead`.
  fileprivate var overriddenEntry: Int {
    get { self[default: 0, test: 0] }
    set { self[default: 0, test: 0] = newValue }
  }
}

private struct BenchEnvironment: GlobalEnvironment {
  @Dependency(\.overridden) var overridden
  @Dependency(\.overriddenEntry) var overriddenEntry
  @Dependency(\.untouched) var untouched
  @Dependency(\.scoped) var scoped
  @Dependency(Counter.self) var counter

  /// Reads `overridden` from a method of its own, as feature code reads: the read is inlined into
  /// the method, which the loop calls.
  @inline(never)
  func overriddenFromAMethod() -> Int { overridden }
}

/// A feature model outside any environment, the way `GlobalDeps` is used in plain types.
private struct Model: Sendable {
  @Dependency(\.overridden) var overridden
}

/// The model of the rows set against swift-dependencies: one `@Dependency` of an `Int`, as theirs
/// (`PeerBenchmarks`).
private struct Feature: Sendable {
  @Dependency(\.peer) var value
}

/// The model of the row set against Swinject's container-scoped `resolve`.
private struct ServiceUser: Sendable {
  @Dependency(\.service) var service
}

/// The `GlobalDeps` rows.
public enum GlobalDepsBenchmarks {
  /// The read of an overridden value through a `GlobalEnvironment`'s `@Dependency`.
  public static let overriddenRead = "read, overridden value (@Dependency key path)"
  /// ``overriddenRead`` of a dependency declared in one property, with no key type.
  public static let overriddenEntryRead = "read, overridden value, one-declaration entry"
  /// A read in a `withDependencies` scope that exists.
  public static let scopedRead = "read inside a withDependencies scope"
  /// A `withDependencies` scope that sets one value, and a model made and read in its operation.
  public static let withDependenciesRead = "withDependencies { set } + one read"
  /// A read through a model made outside any scope: the key's default.
  public static let defaultModelRead = "read, default value, model made outside any scope"
  /// A read through a model made in a `withDependencies` scope that set the value, read after it.
  public static let scopedModelRead = "read, model made in withDependencies { set }"
  /// The overridden read while a model made in a `withDependencies` scope is alive.
  public static let readWhileScopeAlive = "read, overridden value, while a scope is alive"
  /// A read of a class instance built once, then a property of it.
  public static let serviceRead = "read of a shared service object (default built once)"
  /// The read of ``overriddenRead`` in a method that the loop calls.
  public static let overriddenReadFromAMethod = "read, overridden value, from a method"
  /// A model made outside any scope and read once.
  public static let modelMadeAndRead = "model made outside any scope, read once"

  /// GlobalDeps reads (overridden, default, type key, in a scope), scopes and writes.
  public static var all: [Benchmark] {
    let environment = BenchEnvironment().with(\.overridden, 1).with(\.overriddenEntry, 1)
    let model = Model()
    return [
      Benchmark("GlobalDeps", overriddenRead) { n in
        let environment = opaque(environment)
        for _ in 0..<n { blackHole(environment.overridden) }
      },
      Benchmark("GlobalDeps", overriddenReadFromAMethod) { n in
        let environment = opaque(environment)
        for _ in 0..<n { blackHole(environment.overriddenFromAMethod()) }
      },
      Benchmark("GlobalDeps", overriddenEntryRead) { n in
        let environment = opaque(environment)
        for _ in 0..<n { blackHole(environment.overriddenEntry) }
      },
      Benchmark("GlobalDeps", "read, default value") { n in
        let environment = opaque(environment)
        for _ in 0..<n { blackHole(environment.untouched) }
      },
      Benchmark("GlobalDeps", "read, type key (@Dependency(Counter.self))") { n in
        let environment = opaque(environment)
        for _ in 0..<n { blackHole(environment.counter.value) }
      },
      Benchmark("GlobalDeps", "read, @Dependency in a plain struct") { n in
        let model = opaque(model)
        for _ in 0..<n { blackHole(model.overridden) }
      },
      Benchmark("GlobalDeps", scopedRead) { n in
        let environment = opaque(environment)
        withDependencies {
          $0.scoped = 2
        } operation: {
          for _ in 0..<n { blackHole(environment.scoped) }
        }
      },
      Benchmark("GlobalDeps", withDependenciesRead) { n in
        // The model is made in the operation, as swift-dependencies' users make theirs.
        for i in 0..<n {
          withDependencies {
            $0.peer = i
          } operation: {
            blackHole(Feature().value)
          }
        }
      },
      Benchmark("GlobalDeps", modelMadeAndRead) { n in
        // Each model interns its @Dependency's access and looks for a scope in force.
        for _ in 0..<n { blackHole(Feature().value) }
      },
      Benchmark("GlobalDeps", defaultModelRead) { n in
        let feature = opaque(Feature())
        for _ in 0..<n { blackHole(feature.value) }
      },
      Benchmark("GlobalDeps", scopedModelRead) { n in
        // Made per batch: a model keeps its scope alive, and while a scope is alive every read in
        // the process checks for a scope in force (a task-local lookup); other rows must not pay it.
        let feature = opaque(
          withDependencies {
            $0.peer = 1
          } operation: {
            Feature()
          })
        for _ in 0..<n { blackHole(feature.value) }
      },
      Benchmark("GlobalDeps", readWhileScopeAlive) { n in
        // The model keeps its scope alive: every read then checks for a scope in force.
        let environment = opaque(environment)
        let keeper = withDependencies {
          $0.peer = 1
        } operation: {
          Feature()
        }
        withExtendedLifetime(keeper) {
          for _ in 0..<n { blackHole(environment.overridden) }
        }
      },
      Benchmark("GlobalDeps", serviceRead) { n in
        let user = opaque(ServiceUser())
        for _ in 0..<n { blackHole(user.service.value) }
      },
      Benchmark("GlobalDeps", "with(\\.key, value) write") { n in
        let environment = opaque(environment)
        for i in 0..<n { environment.with(\.scoped, i) }
      },
    ]
  }

  /// The read loop for the two-thread throughput comparison.
  public static var scaling: ScalingBenchmark {
    let environment = BenchEnvironment().with(\.overridden, 1).with(\.overriddenEntry, 1)
    return ScalingBenchmark("GlobalDeps read") { n, sink in
      let environment = opaque(environment)
      for _ in 0..<n { sink(environment.overridden) }
    }
  }
}
