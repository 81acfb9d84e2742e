// expect: 9: The value of 'counter' must be Sendable: dependencies are shared between threads; to fix, make its type Sendable
import DepsCore

final class Counter {
  var count = 0
}

extension Dependencies {
  @DependencyEntry(test: Counter()) var counter: Counter = Counter()
}
