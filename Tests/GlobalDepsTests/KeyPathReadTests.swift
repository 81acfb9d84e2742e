import Foundation
import GlobalDeps
import Synchronization
import Testing

@Suite struct KeyPathReadTests {
  @Test func aKeyPathPastTheDependencyRunsOnEveryReadInAScope() {
    let ticks = Atomic<Int>(0)
    withDependencies {
      $0.date = DateGenerator {
        Date(timeIntervalSince1970: Double(ticks.add(1, ordering: .relaxed).newValue))
      }
    } operation: {
      @Dependency(\.date.now) var now
      let first = now
      let second = now
      #expect(first == Date(timeIntervalSince1970: 1))
      #expect(second == Date(timeIntervalSince1970: 2))
    }
  }
}

extension KeyPathReadTests {
  @Test func aKeyPathPastTheDependencyRunsOnEveryReadOfALongScope() {
    let ticks = Atomic<Int>(0)
    withDependencies {
      $0.date = DateGenerator {
        Date(timeIntervalSince1970: Double(ticks.add(1, ordering: .relaxed).newValue))
      }
    } operation: {
      @Dependency(\.date.now) var now
      // A scope's reads are cached from a thread's second read through it: read past that.
      let dates = (0..<5).map { _ in now }
      #expect(dates == (1...5).map { Date(timeIntervalSince1970: Double($0)) })
    }
  }
}
