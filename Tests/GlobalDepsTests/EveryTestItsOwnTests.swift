import DepsTestSupport
import DepsTesting
import Foundation
import Testing
import XCTest

@testable import GlobalDeps

// Each running test is a scope of its own, with no trait, reset or `invokeTest` override: a
// stateful test value (a class that counts its calls), read through `@Dependency` in a model, is
// fresh in each test and each case of a parameterized test, and one instance throughout it.

/// Counts its calls; shut down at most once.
final class IsolationCounter: DependencyShutdown, Sendable {
  private let state = Locked((calls: 0, shutdowns: 0))

  func call() -> Int {
    state.withLock {
      $0.calls += 1; return $0.calls
    }
  }
  var shutdowns: Int { state.withLock(\.shutdowns) }
  func shutdown() async { state.withLock { $0.shutdowns += 1 } }
}

private enum IsolationCounterKey: DependencyKey {
  static var defaultValue: IsolationCounter { IsolationCounter() }
  static var testValue: IsolationCounter { IsolationCounter() }
}

private enum IsolationEndpointKey: DependencyKey {
  static let defaultValue: @Sendable () -> Int = { 0 }
  static let testValue: @Sendable () -> Int = unimplemented("IsolationEndpoint", placeholder: -1)
}

extension Dependencies {
  fileprivate var isolationCounter: IsolationCounter { self[IsolationCounterKey.self] }
  fileprivate var isolationEndpoint: @Sendable () -> Int {
    get { self[IsolationEndpointKey.self] }
    set { self[IsolationEndpointKey.self] = newValue }
  }
}

private final class CounterModel: @unchecked Sendable {
  // @unchecked: the wrappers are never reassigned.
  @Dependency(\.isolationCounter) var counter
  @Dependency(\.isolationEndpoint) var endpoint
}

/// A model made off any test's task, outside any scope: it remembers no scope, and reads the
/// running test's values wherever it is read.
private func modelMadeOffTheTestsTask() async -> CounterModel {
  await Task.detached { CounterModel() }.value
}

@Suite struct EveryTestItsOwnTests {
  @Test func aFirstTestGetsAFreshValue() async { await expectFresh() }
  @Test func aSecondTestGetsAFreshValue() async { await expectFresh() }
  @Test func aThirdTestGetsAFreshValue() async { await expectFresh() }

  private func expectFresh() async {
    #expect(CounterModel().counter.call() == 1)
    #expect(CounterModel().counter.call() == 2)
    #expect(await modelMadeOffTheTestsTask().counter.call() == 3)
  }

  @Test(arguments: 0..<200) func eachCaseOfAParameterizedTestGetsAFreshValue(_ index: Int) async {
    let model = CounterModel()
    #expect(model.counter.call() == 1)
    await Task.yield()
    let offTask = await modelMadeOffTheTestsTask()
    #expect(offTask.counter.call() == 2)
    #expect(model.counter === offTask.counter)
  }

  @Test(arguments: [7, 7, 7]) func casesWithEqualArgumentsAreTestsApart(_ value: Int) {
    #expect(CounterModel().counter.call() == 1)
  }

  @Test func theTestsValueIsOneInstanceThroughoutIt() async {
    let counter = CounterModel().counter
    async let child = CounterModel().counter
    let task = await Task { CounterModel().counter }.value
    let scoped = withDependencies {
      $0.isolationEndpoint = { 1 }
    } operation: {
      CounterModel().counter
    }
    #expect(await child === counter)
    #expect(task === counter)
    #expect(scoped === counter)
    let escaped = withEscapedDependencies { $0 }
    let onThread = await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: escaped.yield { CounterModel().counter }) }.start()
    }
    #expect(onThread === counter)
  }

  @Test func codeOffTheTestsTaskReadsTheProcessWideStore() async {
    let counter = CounterModel().counter
    let detached = await Task.detached { CounterModel().counter }.value
    let onThread = await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: CounterModel().counter) }.start()
    }
    #expect(detached !== counter)
    #expect(onThread === detached)
    #expect(GlobalStore.node.read(IsolationCounterKey.self) === detached)
  }

  @Test func aFailureOfATestsValueIsReportedToThatTest() {
    withKnownIssue {
      #expect(CounterModel().endpoint() == -1)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Unimplemented: IsolationEndpoint") }
    }
  }

  @Test func theTraitMakesTheTestsValuesAndShutsThemDownAtItsEnd() async throws {
    let trait = DependencyTrait.dependencies { _ in }
    let counter = Locked<IsolationCounter?>(nil)
    try await trait.provideScope(for: Test.current!, testCase: Test.Case.current) {
      counter.withLock { $0 = CounterModel().counter }
      #expect(CounterModel().counter.call() == 1)
    }
    let traitCounter = try #require(counter.withLock { $0 })
    #expect(traitCounter.shutdowns == 1)
    // The test's own values are another instance, untouched.
    #expect(CounterModel().counter !== traitCounter)
  }
}

/// The values of `EveryXCTestItsOwnTests.testA…`, seen by the test after it.
private let endedTestsCounter = Locked<(weak: WeakCounter?, counter: IsolationCounter?)>((nil, nil))

private final class WeakCounter: @unchecked Sendable {
  // @unchecked: set once, before it is shared.
  weak var counter: IsolationCounter?
  init(_ counter: IsolationCounter) { self.counter = counter }
}

/// XCTest's tests, each a scope of its own: what one built is shut down and freed when it ends.
/// XCTest runs a class's tests one at a time, in the order of their names.
final class EveryXCTestItsOwnTests: XCTestCase {
  func testAFirstTestBuildsItsValue() {
    let counter = CounterModel().counter
    XCTAssertEqual(counter.call(), 1)
    XCTAssertEqual(CounterModel().counter.call(), 2)
    endedTestsCounter.withLock { $0.weak = WeakCounter(counter) }
  }

  func testBTheNextTestGetsAFreshOneAndTheEndedTestsWasShutDownAndFreed() {
    XCTAssertEqual(CounterModel().counter.call(), 1)
    let ended = endedTestsCounter.withLock { $0.weak }
    XCTAssertNotNil(ended, "testAFirstTestBuildsItsValue did not run first")
    XCTAssertNil(ended?.counter, "the ended test's value is still alive")
  }

  func testCAnEndedTestsValueIsShutDownFirst() {
    // Held past this test's end, to see its shutdown in the next.
    let counter = CounterModel().counter
    XCTAssertEqual(counter.call(), 1)
    endedTestsCounter.withLock { $0.counter = counter }
  }

  func testDTheHeldValueOfTheEndedTestWasShutDownOnce() {
    let held = endedTestsCounter.withLock { $0.counter }
    XCTAssertEqual(held?.shutdowns, 1)
    XCTAssertFalse(held === CounterModel().counter)
  }
}
