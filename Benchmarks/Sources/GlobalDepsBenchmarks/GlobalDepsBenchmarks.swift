import BenchmarkSupport
import GlobalDeps

private enum OverriddenKey: DependencyKey { static let defaultValue = 0 }
private enum DefaultKey: DependencyKey { static let defaultValue = 7 }
private enum ScopedKey: DependencyKey { static let defaultValue = 0 }

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
}

private struct BenchEnvironment: GlobalEnvironment {
  @Dependency(\.overridden) var overridden
  @Dependency(\.untouched) var untouched
  @Dependency(\.scoped) var scoped
  @Dependency(Counter.self) var counter
}

/// A feature model outside any environment, the way `GlobalDeps` is used in plain types.
private struct Model: Sendable {
  @Dependency(\.overridden) var overridden
}

/// The `GlobalDeps` rows.
public enum GlobalDepsBenchmarks {
  /// The read of an overridden value through a `GlobalEnvironment`'s `@Dependency`.
  public static let overriddenRead = "read, overridden value (@Dependency key path)"
  /// A read in a `withDependencies` scope that exists.
  public static let scopedRead = "read inside a withDependencies scope"
  /// A `withDependencies` scope that sets one value, and one read in its operation.
  public static let withDependenciesRead = "withDependencies { set } + one read"

  /// GlobalDeps reads (overridden, default, type key, in a scope), scopes and writes.
  public static var all: [Benchmark] {
    let environment = BenchEnvironment().with(\.overridden, 1)
    let model = Model()
    return [
      Benchmark("GlobalDeps", overriddenRead) { n in
        let environment = opaque(environment)
        for _ in 0..<n { blackHole(environment.overridden) }
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
        let environment = opaque(environment)
        for i in 0..<n {
          withDependencies {
            $0.scoped = i
          } operation: {
            blackHole(environment.scoped)
          }
        }
      },
      Benchmark("GlobalDeps", "with(\\.key, value) write") { n in
        let environment = opaque(environment)
        for i in 0..<n { environment.with(\.scoped, i) }
      },
    ]
  }

  /// The read loop for the two-thread throughput comparison.
  public static var scaling: ScalingBenchmark {
    let environment = BenchEnvironment().with(\.overridden, 1)
    return ScalingBenchmark("GlobalDeps read") { n, sink in
      let environment = opaque(environment)
      for _ in 0..<n { sink(environment.overridden) }
    }
  }
}
