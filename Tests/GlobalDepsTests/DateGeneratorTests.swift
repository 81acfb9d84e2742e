import DepsCore
import DepsTestSupport
import Foundation
import GlobalDeps
import Testing

// The built-in `\.date`: a constant overrides `now`, and a key path through the generator calls it
// on every read.
//
// Ported from swift-dependencies 1.17.1, Tests/DependenciesTests/DateTests.swift.

@Suite(.tags(.portedFromSwiftDependencies)) struct DateGeneratorTests {
  @Dependency(\.date) var date
  @Dependency(\.date.now) var now

  @Test func overridingNow() {
    // Upstream: `$0.date.now = ...`; `DateGenerator.now` is get-only here (API.md).
    withDependencies {
      $0.date = .constant(Date(timeIntervalSinceReferenceDate: 0))
    } operation: {
      #expect(self.now == Date(timeIntervalSinceReferenceDate: 0))
      #expect(self.date() == Date(timeIntervalSinceReferenceDate: 0))
    }
  }

  @Test func aKeyPathThroughTheGeneratorCallsItOnEveryRead() {
    // Not an upstream test: it checks that `@Dependency(\.date.now)`, which upstream's
    // DateDependencyTests declares, reads the clock on every read, as swift-dependencies does (it
    // evaluates the key path on each access). A ticking generator stands for the live one.
    let ticks = Locked(0.0)
    withDependencies {
      $0.date = DateGenerator {
        ticks.withLock {
          $0 += 1
          return Date(timeIntervalSinceReferenceDate: $0)
        }
      }
    } operation: {
      #expect(self.date.now == Date(timeIntervalSinceReferenceDate: 1))
      #expect(self.date.now == Date(timeIntervalSinceReferenceDate: 2))
      let first = self.now
      let second = self.now
      #expect(second > first)
    }
  }
}
