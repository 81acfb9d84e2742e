import DepsTestSupport
import XCTest

@testable import DepsCore
@testable import GlobalDeps

private enum XCTestOwnedKey: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { Resource("xctest") } }
}
private enum XCTestSlowKey: AsyncDependencyKey {
  static let release = OneShot<Void>()
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { Resource("slow", release: release) } }
}

extension Dependencies {
  fileprivate var xcTestOwned: AsyncDependency<Resource> { self[XCTestOwnedKey.self] }
  fileprivate var xcTestSlow: AsyncDependency<Resource> { self[XCTestSlowKey.self] }
}

/// In XCTest, which has no trait, an async `withDependencies` around the test's body is its
/// outermost scope: its end shuts down what the test built.
final class ScopeLifecycleXCTests: XCTestCase {
  func testTheEndOfAnAsyncScopeShutsDownWhatItBuilt() async throws {
    let value = try await withDependencies { _ in
    } operation: {
      let value = try await Dependency(\.xcTestOwned).wrappedValue.value
      XCTAssertEqual(value.shutdowns, 0)
      return value
    }
    XCTAssertEqual(value.shutdowns, 1)
  }

  func testAValueSlowerThanTheTimeoutIsReported() async throws {
    try await withDependencies { _ in
    } operation: {
      let slow = try await Dependency(\.xcTestSlow).wrappedValue.value
      let (_, warnings) = await RuntimeWarnings.recording {
        await Dependencies.shutdown(timeout: .milliseconds(100))
      }
      XCTAssertEqual(warnings, [ScopeLifecycleTests.timeoutMessage(key: "XCTestSlowKey")])
      XCTestSlowKey.release.fire(())
      let ended = await eventually { slow.ended.ended }
      XCTAssertTrue(ended)
    }
  }
}
