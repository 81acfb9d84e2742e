import DepsCore
import DepsTestSupport
import Foundation
import GlobalDeps
import Testing

// The built-in `\.uuid`: `.incrementing` counts up from 0, in every digit.
//
// Ported from swift-dependencies 1.17.1, Tests/DependenciesTests/UUIDTests.swift.

@Suite(.tags(.portedFromSwiftDependencies)) struct UUIDGeneratorTests {
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
