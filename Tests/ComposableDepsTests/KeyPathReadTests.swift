import ComposableDeps
import Foundation
import Synchronization
import Testing
import XCTest

/// How many times `countedInt`'s getter ran.
private let countedGetterRuns = Atomic<Int>(0)

private enum CountedKey: DependencyKey {
  static let defaultValue = 7
  static let testValue = defaultValue
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

}

/// XCTest runs its tests one at a time, before and apart from Swift Testing's parallel suites,
/// whose writes would empty the read caches while this counts getter runs.
final class KeyPathReadCacheTests: XCTestCase {
  func testADependencyPropertyIsReadOncePerThreadUntilAWrite() {
    let environment = ClockEnvironment()
    let before = countedGetterRuns.load(ordering: .relaxed)
    for _ in 0..<1_000 { XCTAssertEqual(environment.countedInt, 7) }
    XCTAssertEqual(countedGetterRuns.load(ordering: .relaxed) - before, 1)
    environment.with(\.countedInt, 8)
    let afterWrite = countedGetterRuns.load(ordering: .relaxed)
    for _ in 0..<1_000 { XCTAssertEqual(environment.countedInt, 8) }
    XCTAssertEqual(countedGetterRuns.load(ordering: .relaxed) - afterWrite, 1)
  }
}
