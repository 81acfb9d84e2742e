import Foundation
import GlobalDeps
import XCTest

// A scope around every test of an XCTest class, made in `invokeTest`: a model made in a scope of
// its own reads the `invokeTest` scope's values where it is read; base classes' scopes nest, and
// `setUp` runs in them.
//
// Ported from swift-dependencies 1.17.1, Tests/DependenciesTests/InvokeTestTests.swift and
// BaseTestCaseTests.swift.

final class InvokeTestScopeOverrideXCTests: XCTestCase {
  override func invokeTest() {
    withDependencies {
      $0.date = .constant(Date(timeIntervalSince1970: 1))
    } operation: {
      super.invokeTest()
    }
  }

  func testOverride() {
    final class Model {
      @Dependency(\.date.now) var now
      func getDate() -> Date { self.now }
    }

    let model = withDependencies {
      $0.date = .constant(Date(timeIntervalSince1970: 2))
    } operation: {
      Model()
    }

    // Upstream expects 1 on Linux (and a failure of `== 2` on Apple platforms): the scope in
    // force where the model is read wins over the one it was made in.
    XCTAssertEqual(model.getDate().timeIntervalSince1970, 1)
  }
}

// MARK: - BaseTestCaseTests

extension UUID {
  fileprivate static let deadbeef = Self(uuidString: "deadbeef-dead-beef-dead-beefdeadbeef")!
}

extension Date {
  fileprivate static let mock = Self(timeIntervalSince1970: 1_234_567_890)
}

class ScopedTestCase: XCTestCase {
  @concurrent
  override func setUp() async throws {
    try await super.setUp()
    XCTAssertEqual(DependencyContext.current, .test)
    XCTAssertEqual(Dependency(\.uuid).wrappedValue(), .deadbeef)
  }

  override func invokeTest() {
    withDependencies {
      $0.uuid = .constant(.deadbeef)
    } operation: {
      super.invokeTest()
    }
  }
}

class DerivedScopedTestCase: ScopedTestCase {
  @concurrent
  override func setUp() async throws {
    try await super.setUp()
    XCTAssertEqual(DependencyContext.current, .test)
    XCTAssertEqual(Dependency(\.uuid).wrappedValue(), .deadbeef)
    XCTAssertEqual(Dependency(\.date).wrappedValue.now, .mock)
  }

  override func invokeTest() {
    withDependencies {
      $0.date = .constant(.mock)
    } operation: {
      super.invokeTest()
    }
  }
}

final class InheritedInvokeTestScopeXCTests: DerivedScopedTestCase {
  @concurrent
  override func setUp() async throws {
    try await super.setUp()
    XCTAssertEqual(DependencyContext.current, .test)
    XCTAssertEqual(Dependency(\.uuid).wrappedValue(), .deadbeef)
  }

  func testBasics() {
    XCTAssertEqual(DependencyContext.current, .test)
    XCTAssertEqual(Dependency(\.uuid).wrappedValue(), .deadbeef)
  }

  func testBasicsAsync() async {
    try? await Task.sleep(nanoseconds: 1)
    XCTAssertEqual(DependencyContext.current, .test)
    XCTAssertEqual(Dependency(\.uuid).wrappedValue(), .deadbeef)
  }

  func testBasicsThrows() throws {
    XCTAssertEqual(DependencyContext.current, .test)
    XCTAssertEqual(Dependency(\.uuid).wrappedValue(), .deadbeef)
  }

  func testBasicsAsyncThrows() async throws {
    try await Task.sleep(nanoseconds: 1)
    XCTAssertEqual(DependencyContext.current, .test)
    XCTAssertEqual(Dependency(\.uuid).wrappedValue(), .deadbeef)
  }
}
