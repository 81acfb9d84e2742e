import Foundation
import GlobalDeps
import XCTest

// Each XCTest test gets fresh test values, in both documented ways: a scope around the test in
// `invokeTest`, or `Dependencies.reset()` in `setUp`.
//
// Ported from swift-dependencies 1.17.1, Tests/DependenciesTests/DependencyValuesTests.swift (the
// cache pollution pair).

/// A stateful test value: upstream's `CachedDependency` actor.
private actor CachedDependency: DependencyKey {
  static var defaultValue: CachedDependency { CachedDependency() }
  static var testValue: CachedDependency { defaultValue }

  private var count = 0

  func increment() -> Int {
    count += 1
    return count
  }
}

extension Dependencies {
  fileprivate var sdCachedDependency: CachedDependency {
    get { self[CachedDependency.self] }
    set { self[CachedDependency.self] = newValue }
  }
}

/// Upstream reads the dependency in a bare test and expects 1 in both tests: swift-dependencies
/// resets its cache between tests. In GlobalDeps reads outside any scope share the store's
/// defaults, built once per process until `Dependencies.reset()` (Docs/Testing.md, "Fresh test
/// values per test"), so the documented pattern wraps each test in a scope with `invokeTest`.
final class FreshTestValuesXCTests: XCTestCase {
  override func invokeTest() {
    withDependencies { _ in
    } operation: {
      super.invokeTest()
    }
  }

  func testCachePollution1() async {
    @Dependency(\.sdCachedDependency) var cachedDependency: CachedDependency
    let value = await cachedDependency.increment()
    XCTAssertEqual(value, 1)
  }

  func testCachePollution2() async {
    @Dependency(\.sdCachedDependency) var cachedDependency: CachedDependency
    let value = await cachedDependency.increment()
    XCTAssertEqual(value, 1)
  }
}

/// The same pair with the other documented pattern: reading the store, reset before each test.
final class FreshTestValuesResetXCTests: XCTestCase {
  override func setUp() {
    super.setUp()
    Dependencies.reset()
  }

  func testCachePollution1() async {
    @Dependency(\.sdCachedDependency) var cachedDependency: CachedDependency
    let value = await cachedDependency.increment()
    XCTAssertEqual(value, 1)
  }

  func testCachePollution2() async {
    @Dependency(\.sdCachedDependency) var cachedDependency: CachedDependency
    let value = await cachedDependency.increment()
    XCTAssertEqual(value, 1)
  }
}
