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

/// Rows for Point-Free's swift-dependencies, read the way its users read it.
public enum SwiftDependenciesBenchmarks {
  /// swift-dependencies' `@Dependency` read and `withDependencies` with one read.
  public static var all: [Benchmark] {
    let model = withDependencies {
      $0.benchValue = 1
    } operation: {
      Model()
    }
    return [
      Benchmark("swift-dependencies", "@Dependency read") { n in
        let model = opaque(model)
        for _ in 0..<n { blackHole(model.value) }
      },
      Benchmark("swift-dependencies", "withDependencies { set } + one read") { n in
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
