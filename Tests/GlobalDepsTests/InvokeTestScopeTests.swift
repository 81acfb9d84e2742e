import GlobalDeps
import XCTest

/// The XCTest pattern: wrap every test of the class in a scope by overriding `invokeTest`.
final class InvokeTestScopeTests: XCTestCase {
  override func invokeTest() {
    withDependencies {
      $0.scoped = 5
    } operation: {
      super.invokeTest()
    }
  }

  func testASynchronousTestRunsInTheScope() {
    XCTAssertEqual(ScopedModel().scoped, 5)
  }

  func testAnAsynchronousTestRunsInTheScope() async {
    await Task.yield()
    XCTAssertEqual(ScopedModel().scoped, 5)
    let service = Dependency(\.stateful).wrappedValue
    XCTAssertEqual(service.call(), 1)
  }
}
