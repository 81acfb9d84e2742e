import ComposableDeps
import Foundation
import Synchronization
import Testing

/// How many times `countedInt`'s getter ran.
private let countedGetterRuns = Atomic<Int>(0)

private enum CountedKey: DependencyKey {
  static let defaultValue = 7
}

extension Dependencies {
  fileprivate var countedInt: Int {
    get {
      countedGetterRuns.add(1, ordering: .relaxed)
      return self[CountedKey.self]
    }
    set { self[CountedKey.self] = newValue }
  }
}

private final class ClockEnvironment: ComposableEnvironment {
  @Dependency(\.date.now) var now
  @Dependency(\.countedInt) var countedInt
}

/// A ticking date: each call returns a second later than the one before.
private func tickingDates() -> DateGenerator {
  let ticks = Atomic<Int>(0)
  return DateGenerator {
    Date(timeIntervalSince1970: Double(ticks.add(1, ordering: .relaxed).newValue))
  }
}

@Suite struct KeyPathReadTests {
  @Test func aKeyPathPastTheDependencyRunsOnEveryRead() {
    let environment = ClockEnvironment().with(\.date, tickingDates())
    let first = environment.now
    let second = environment.now
    #expect(first == Date(timeIntervalSince1970: 1))
    #expect(second == Date(timeIntervalSince1970: 2))
  }

  @Test func aDependencyPropertyIsStillReadOncePerThreadUntilAWrite() {
    let environment = ClockEnvironment()
    let before = countedGetterRuns.load(ordering: .relaxed)
    for _ in 0..<10 { #expect(environment.countedInt == 7) }
    // One run per thread and write; other tests of the process never read this key.
    #expect(countedGetterRuns.load(ordering: .relaxed) - before == 1)
    environment.with(\.countedInt, 8)
    let afterWrite = countedGetterRuns.load(ordering: .relaxed)
    #expect(environment.countedInt == 8)
    #expect(environment.countedInt == 8)
    #expect(countedGetterRuns.load(ordering: .relaxed) - afterWrite == 1)
  }
}
