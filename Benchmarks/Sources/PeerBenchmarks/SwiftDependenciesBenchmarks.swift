import BenchmarkSupport
import Dependencies

private enum ValueKey: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

extension DependencyValues {
  fileprivate var benchValue: Int {
    get { self[ValueKey.self] }
    set { self[ValueKey.self] = newValue }
  }
}

private struct Model: Sendable {
  @Dependency(\.benchValue) var value
}

/// Rows for Point-Free's swift-dependencies, written the way its users write them; each does what
/// the `GlobalDeps` row of the same name does (`GlobalDepsBenchmarks`).
public enum SwiftDependenciesBenchmarks {
  /// A read through a model made outside any scope: the key's live value.
  public static let defaultModelRead = "read, default value, model made outside any scope"
  /// A read through a model made in a `withDependencies` scope that set the value, read after it.
  public static let scopedModelRead = "read, model made in withDependencies { set }"
  /// A `withDependencies` scope that sets one value, and a model made and read in its operation.
  public static let withDependenciesRead = "withDependencies { set } + one read"

  /// swift-dependencies' `@Dependency` reads and `withDependencies` with one read.
  public static var all: [Benchmark] {
    [
      Benchmark("swift-dependencies", defaultModelRead) { n in
        let model = opaque(Model())
        for _ in 0..<n { blackHole(model.value) }
      },
      Benchmark("swift-dependencies", scopedModelRead) { n in
        // Made per batch, as the `GlobalDeps` row makes its model.
        let model = opaque(
          withDependencies {
            $0.benchValue = 1
          } operation: {
            Model()
          })
        for _ in 0..<n { blackHole(model.value) }
      },
      Benchmark("swift-dependencies", withDependenciesRead) { n in
        for i in 0..<n {
          withDependencies {
            $0.benchValue = i
          } operation: {
            blackHole(Model().value)
          }
        }
      },
    ]
  }
}
