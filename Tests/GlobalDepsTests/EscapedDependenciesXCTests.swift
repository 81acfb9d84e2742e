import Dispatch
import Foundation
import GlobalDeps
import XCTest

// The XCTest tests of swift-dependencies 1.17.1 that need XCTest itself (expectations waited on
// while the main queue runs, `invokeTest`, one test at a time for the process-wide store), ported
// to GlobalDeps. From Tests/DependenciesTests: DependencyValuesTests.swift (the escaping tests,
// the cache pollution pair, the `prepareDependencies` tests), PrepareDependenciesTests.swift (the
// isolation tests), InvokeTestTests.swift and BaseTestCaseTests.swift.
//
// XCTest runs in a process of its own under `swift test`, one test at a time, so the classes
// below that write the store (`prepareDependencies` is `with(_:_:)` on a GlobalDeps environment,
// Docs/ComparingToSwiftDependencies.md) reset it before and after each test.

private struct FullDependency: DependencyKey, Sendable {
  var value: Int
  static var defaultValue: FullDependency { Self(value: 1) }
  static var previewValue: FullDependency { Self(value: 2) }
  static var testValue: FullDependency { Self(value: 3) }
}

extension Dependencies {
  fileprivate var sdXCFullDependency: FullDependency {
    get { self[FullDependency.self] }
    set { self[FullDependency.self] = newValue }
  }
}

// MARK: - DependencyValuesTests: escaping

final class SwiftDependenciesParityEscapingXCTests: XCTestCase {
  func testEscape() {
    let expectation = self.expectation(description: "escape")
    withDependencies {
      $0.sdXCFullDependency.value = 42
    } operation: {
      withEscapedDependencies { continuation in
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) {
          continuation.yield {
            @Dependency(\.sdXCFullDependency.value) var value: Int
            XCTAssertEqual(value, 42)

            DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) {
              continuation.yield {
                @Dependency(\.sdXCFullDependency.value) var value: Int
                XCTAssertEqual(value, 42)
                expectation.fulfill()
              }
            }
          }
        }
      }
    }

    self.wait(for: [expectation], timeout: 1)
  }

  // Upstream skips this one on Linux with Swift 6 (a Linux CI issue, says its comment).
  @MainActor
  func testEscapingInFeatureModelInstanceVariablePropagated() async {
    let expectation = self.expectation(description: "escape")

    @MainActor
    final class FeatureModel {
      @Dependency(\.sdXCFullDependency) var fullDependency
      func doSomething(expectation: XCTestExpectation) {
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            XCTAssertEqual(self.fullDependency.value, 42)
          }
          expectation.fulfill()
        }
      }
    }

    let model = withDependencies {
      $0.sdXCFullDependency.value = 42
    } operation: {
      FeatureModel()
    }

    model.doSomething(expectation: expectation)
    await fulfillment(of: [expectation], timeout: 1)
  }

  func testEscapingInFeatureModelNotPropagated() async {
    let expectation = self.expectation(description: "escape")

    @MainActor
    final class FeatureModel {
      var value = 0
      func doSomething(expectation: XCTestExpectation) {
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            @Dependency(\.sdXCFullDependency) var fullDependency: FullDependency
            self.value = fullDependency.value
          }
          expectation.fulfill()
        }
      }
    }

    let model = withDependencies {
      $0.sdXCFullDependency.value = 42
    } operation: {
      FeatureModel()
    }

    await model.doSomething(expectation: expectation)
    await fulfillment(of: [expectation], timeout: 1)
    let newValue = await model.value
    XCTAssertEqual(newValue, 3)
  }

  func testEscapingInFeatureModelWithOverride() async {
    let expectation = self.expectation(description: "escape")

    @MainActor
    final class FeatureModel {
      @Dependency(\.sdXCFullDependency) var fullDependency
      func doSomething(expectation: XCTestExpectation) {
        withEscapedDependencies { continuation in
          DispatchQueue.main.async {
            continuation.yield {
              MainActor.assumeIsolated {
                XCTAssertEqual(self.fullDependency.value, 42)
              }
              expectation.fulfill()
            }
          }
        }
      }
    }

    let model = FeatureModel()

    await withDependencies {
      $0.sdXCFullDependency.value = 42
    } operation: {
      await model.doSomething(expectation: expectation)
    }
    await fulfillment(of: [expectation], timeout: 1)
  }

  func testEscapingInFeatureModelWithOverrideOverrideEscaped() async {
    let expectation = self.expectation(description: "escape")

    @MainActor
    final class FeatureModel {
      var value = 0
      @Dependency(\.sdXCFullDependency) var fullDependency
      func doSomething(expectation: XCTestExpectation) {
        withEscapedDependencies { continuation in
          DispatchQueue.main.async {
            continuation.yield {
              withDependencies {
                $0.sdXCFullDependency.value = 999
              } operation: {
                MainActor.assumeIsolated {
                  self.value = self.fullDependency.value
                }
                expectation.fulfill()
              }
            }
          }
        }
      }
    }

    let model = FeatureModel()

    await withDependencies {
      $0.sdXCFullDependency.value = 42
    } operation: {
      await model.doSomething(expectation: expectation)
    }
    await fulfillment(of: [expectation], timeout: 1)
    let newValue = await model.value
    XCTAssertEqual(newValue, 999)
  }

  func testEscapingInFeatureModelWithOverrideNotPropagated() async {
    let expectation = self.expectation(description: "escape")

    @MainActor
    final class FeatureModel {
      var value = 0
      @Dependency(\.sdXCFullDependency) var fullDependency
      func doSomething(expectation: XCTestExpectation) {
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            self.value = self.fullDependency.value
          }
          expectation.fulfill()
        }
      }
    }

    let model = FeatureModel()

    await withDependencies {
      $0.sdXCFullDependency.value = 42
    } operation: {
      await model.doSomething(expectation: expectation)
    }
    await fulfillment(of: [expectation], timeout: 1)
    let newValue = await model.value
    XCTAssertEqual(newValue, 3)
  }
}

// MARK: - DependencyValuesTests: cache pollution

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
final class SwiftDependenciesParityCachePollutionXCTests: XCTestCase {
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
final class SwiftDependenciesParityCachePollutionResetXCTests: XCTestCase {
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

// MARK: - prepareDependencies

private struct ClientWithEndpoint: DependencyKey {
  var get: @Sendable () -> Int
  static var defaultValue: ClientWithEndpoint { Self { 42 } }
  static var testValue: ClientWithEndpoint { defaultValue }
}

extension Dependencies {
  fileprivate var sdClientWithEndpoint: ClientWithEndpoint {
    get { self[ClientWithEndpoint.self] }
    set { self[ClientWithEndpoint.self] = newValue }
  }
}

/// `prepareDependencies { ... }` is `with(_:_:)` on any GlobalDeps environment: a write to the
/// process-wide store (Docs/ComparingToSwiftDependencies.md, "app start-up configuration").
private struct ParityAppEnvironment: GlobalEnvironment {}

final class SwiftDependenciesParityPrepareDependenciesXCTests: XCTestCase {
  override func setUp() {
    super.setUp()
    Dependencies.reset()
  }

  override func tearDown() {
    Dependencies.reset()
    super.tearDown()
  }

  func testPrepareDependenciesSetsDependency() {
    ParityAppEnvironment().with(\.date, DateGenerator { Date(timeIntervalSinceReferenceDate: 0) })
    @Dependency(\.date.now) var now
    XCTAssertEqual(now, Date(timeIntervalSinceReferenceDate: 0))
  }

  func testPrepareDependenciesSetsDependencyLiveContext() {
    // Upstream prepares inside a `.live` scope; the context is not portable, the write is.
    ParityAppEnvironment().with(ClientWithEndpoint.self, ClientWithEndpoint(get: { 1729 }))
    @Dependency(ClientWithEndpoint.self) var client
    XCTAssertEqual(client.get(), 1729)
  }

  func testPrepareDependenciesSetDependencyMultipleTimesInSamePrepare() {
    ParityAppEnvironment()
      .with(\.date, DateGenerator { Date(timeIntervalSinceReferenceDate: 42) })
      .with(\.date, DateGenerator { Date(timeIntervalSinceReferenceDate: 1729) })
    @Dependency(\.date.now) var now
    XCTAssertEqual(now, Date(timeIntervalSinceReferenceDate: 1729))
  }

  func testPrepareDependenciesSetDependencyEndpoint() {
    // Upstream: `$0[ClientWithEndpoint.self].get = { 42 }`; the environment's subscript takes a
    // key path.
    let environment = ParityAppEnvironment()
    environment[\.sdClientWithEndpoint].get = { @Sendable in 4242 }
    @Dependency(ClientWithEndpoint.self) var client
    XCTAssertEqual(client.get(), 4242)
  }

  func testPrepareDependenciesWithDependencies() {
    ParityAppEnvironment().with(\.date, .constant(Date(timeIntervalSince1970: 42)))

    withDependencies {
      $0.date = .constant(Date(timeIntervalSince1970: 1729))
    } operation: {
      @Dependency(\.date.now) var now
      XCTAssertEqual(now, Date(timeIntervalSince1970: 1729))
    }

    @Dependency(\.date.now) var now
    XCTAssertEqual(now, Date(timeIntervalSince1970: 42))
  }

  // PrepareDependenciesTests.swift, isolation1...4: upstream runs them as parallel Swift Testing
  // tests, each preparing its own date. A store write is process-wide (Docs/Testing.md), so the
  // port runs them here, one at a time, from a reset store.
  func testIsolation1() { checkIsolation(1) }
  func testIsolation2() { checkIsolation(2) }
  func testIsolation3() { checkIsolation(3) }
  func testIsolation4() { checkIsolation(4) }

  private func checkIsolation(_ seconds: TimeInterval, line: UInt = #line) {
    ParityAppEnvironment().with(\.date, .constant(Date(timeIntervalSince1970: seconds)))
    @Dependency(\.date.now) var now
    XCTAssertEqual(now.timeIntervalSince1970, seconds, line: line)
  }
}

// MARK: - InvokeTestTests

final class SwiftDependenciesParityInvokeTestXCTests: XCTestCase {
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

class SwiftDependenciesParityBaseTestCase: XCTestCase {
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

class SwiftDependenciesParityDerivedBaseTestCase: SwiftDependenciesParityBaseTestCase {
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

final class SwiftDependenciesParityBaseTestCaseXCTests: SwiftDependenciesParityDerivedBaseTestCase {
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
