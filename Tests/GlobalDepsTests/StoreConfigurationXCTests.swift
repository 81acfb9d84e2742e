import Foundation
import GlobalDeps
import XCTest

// Configuring the process-wide store at start-up (swift-dependencies' `prepareDependencies`):
// `with(_:_:)` on any GlobalDeps environment sets a value every later read sees, the last write of
// a key wins, a scope still overrides it, and each test that writes starts from a reset store.
//
// Ported from swift-dependencies 1.17.1, Tests/DependenciesTests: the `prepareDependencies` tests
// of DependencyValuesTests.swift, and the isolation tests of PrepareDependenciesTests.swift. XCTest
// runs in a process of its own under `swift test`, one test at a time, so these tests may write
// the store; they reset it before and after each test.

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
private struct StartUpEnvironment: GlobalEnvironment {}

final class StoreConfigurationXCTests: XCTestCase {
  override func setUp() {
    super.setUp()
    Dependencies.reset()
  }

  override func tearDown() {
    Dependencies.reset()
    super.tearDown()
  }

  func testPrepareDependenciesSetsDependency() {
    StartUpEnvironment().with(\.date, DateGenerator { Date(timeIntervalSinceReferenceDate: 0) })
    @Dependency(\.date.now) var now
    XCTAssertEqual(now, Date(timeIntervalSinceReferenceDate: 0))
  }

  func testPrepareDependenciesSetsDependencyLiveContext() {
    // Upstream prepares inside a `.live` scope; the context is not portable, the write is.
    StartUpEnvironment().with(ClientWithEndpoint.self, ClientWithEndpoint(get: { 1729 }))
    @Dependency(ClientWithEndpoint.self) var client
    XCTAssertEqual(client.get(), 1729)
  }

  func testPrepareDependenciesSetDependencyMultipleTimesInSamePrepare() {
    StartUpEnvironment()
      .with(\.date, DateGenerator { Date(timeIntervalSinceReferenceDate: 42) })
      .with(\.date, DateGenerator { Date(timeIntervalSinceReferenceDate: 1729) })
    @Dependency(\.date.now) var now
    XCTAssertEqual(now, Date(timeIntervalSinceReferenceDate: 1729))
  }

  func testPrepareDependenciesSetDependencyEndpoint() {
    // Upstream: `$0[ClientWithEndpoint.self].get = { 42 }`; the environment's subscript takes a
    // key path.
    let environment = StartUpEnvironment()
    environment[\.sdClientWithEndpoint].get = { @Sendable in 4242 }
    @Dependency(ClientWithEndpoint.self) var client
    XCTAssertEqual(client.get(), 4242)
  }

  func testPrepareDependenciesWithDependencies() {
    StartUpEnvironment().with(\.date, .constant(Date(timeIntervalSince1970: 42)))

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
    StartUpEnvironment().with(\.date, .constant(Date(timeIntervalSince1970: seconds)))
    @Dependency(\.date.now) var now
    XCTAssertEqual(now.timeIntervalSince1970, seconds, line: line)
  }
}
