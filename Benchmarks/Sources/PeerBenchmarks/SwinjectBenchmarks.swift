import BenchmarkSupport
import Swinject

private final class Service {
  let value: Int
  init(value: Int) { self.value = value }
}

/// Rows for Swinject.
public enum SwinjectBenchmarks {
  /// A container-scoped service resolved at the use site, then a property of it read.
  public static let resolve = "resolve (container scope)"

  /// Swinject's `resolve` of a container-scoped service.
  public static var all: [Benchmark] {
    let container = Container()
    container.register(Service.self) { _ in Service(value: 1) }.inObjectScope(.container)
    let shared = Unchecked(container)
    return [
      Benchmark("Swinject", resolve) { n in
        let container = opaque(shared.value)
        for _ in 0..<n { blackHole(container.resolve(Service.self)!.value) }
      }
    ]
  }
}
