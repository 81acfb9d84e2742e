import DepsCore
import Foundation
import GlobalDeps
import Testing

// swift-dependencies 1.17.1, Tests/DependenciesTests/UUIDTests.swift and DateTests.swift, ported
// to GlobalDeps' built-in `\.uuid` and `\.date`.

@Suite struct SwiftDependenciesParityUUIDTests {
  @Dependency(\.uuid) var uuid

  @Test func incrementing() {
    withDependencies {
      $0.uuid = .incrementing
    } operation: {
      #expect(self.uuid() == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
      #expect(self.uuid() == UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
    }
  }

  @Test func initIntValue() {
    // Upstream tests its `UUID(_: Int)` initializer, which this package does not have. The values
    // of it that `.incrementing` produces (0, 1, 15, 256) are checked through the generator.
    withDependencies {
      $0.uuid = .incrementing
    } operation: {
      let uuids = (0...256).map { _ in self.uuid() }
      #expect(uuids[0] == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
      #expect(uuids[1] == UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
      #expect(uuids[15] == UUID(uuidString: "00000000-0000-0000-0000-00000000000F"))
      #expect(uuids[256] == UUID(uuidString: "00000000-0000-0000-0000-000000000100"))
    }
  }
}

@Suite struct SwiftDependenciesParityDateTests {
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
