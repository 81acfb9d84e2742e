import ComposableDeps
import DepsTestSupport
import DepsTesting
import Dispatch
import Foundation
import Testing
import XCTest

// Attacks on "Tests never touch a live service unknowingly" in ComposableDeps, written from the
// contract (API.md) and the guides only: missing test values, `dependencyUsage()` and
// `TestStore(…, strictDependencies: true)`.

/// A type that is its own key, with no test value.
private struct AttackSelfKeyedClient: DependencyKey, Equatable {
  var name: String
  static var defaultValue: Self { Self(name: "live") }
}

/// A generic key with no test value.
private enum AttackGenericLiveKey<T: Sendable>: DependencyKey {
  static var defaultValue: String { "live \(T.self)" }
}

private enum AttackPathLiveKey: DependencyKey { static let defaultValue = "live path" }
private enum AttackAliasSourceKey: DependencyKey { static let defaultValue = "live source" }
private enum AttackAliasTargetLiveKey: DependencyKey { static let defaultValue = "live target" }
private enum AttackAliasTargetMockedKey: DependencyKey {
  static let defaultValue = "live mocked target"
  static let testValue = "test mocked target"
}
private enum AttackOptOutKey: DependencyKey {
  static let defaultValue = 7
  static let testValue = defaultValue
}
private enum AttackThreadLiveKey: DependencyKey { static let defaultValue = "live thread" }
private enum AttackDetachedLiveKey: DependencyKey { static let defaultValue = "live detached" }
private enum AttackQueueLiveKey: DependencyKey { static let defaultValue = "live queue" }
private enum AttackEffectLiveKey: DependencyKey { static let defaultValue = "live effect" }
private enum AttackDerivedLiveKey: DependencyKey { static let defaultValue = "live derived" }
private enum AttackParallelLiveKey: DependencyKey { static let defaultValue = "live parallel" }
private enum AttackMockedKey: DependencyKey {
  static let defaultValue = "live mocked"
  static let testValue = "test mocked"
}
private enum AttackOtherMockedKey: DependencyKey {
  static let defaultValue = 1
  static let testValue = 2
}

extension Dependencies {
  fileprivate var attackPathLive: String {
    get { self[AttackPathLiveKey.self] }
    set { self[AttackPathLiveKey.self] = newValue }
  }
  fileprivate var attackAliasSource: String {
    get { self[AttackAliasSourceKey.self] }
    set { self[AttackAliasSourceKey.self] = newValue }
  }
  fileprivate var attackAliasTargetLive: String {
    get { self[AttackAliasTargetLiveKey.self] }
    set { self[AttackAliasTargetLiveKey.self] = newValue }
  }
  fileprivate var attackAliasTargetMocked: String {
    get { self[AttackAliasTargetMockedKey.self] }
    set { self[AttackAliasTargetMockedKey.self] = newValue }
  }
  fileprivate var attackMocked: String {
    get { self[AttackMockedKey.self] }
    set { self[AttackMockedKey.self] = newValue }
  }
  fileprivate var attackOtherMocked: Int {
    get { self[AttackOtherMockedKey.self] }
    set { self[AttackOtherMockedKey.self] = newValue }
  }
  fileprivate var attackOptOut: Int {
    get { self[AttackOptOutKey.self] }
    set { self[AttackOptOutKey.self] = newValue }
  }
  fileprivate var attackThreadLive: String {
    get { self[AttackThreadLiveKey.self] }
    set { self[AttackThreadLiveKey.self] = newValue }
  }
  fileprivate var attackQueueLive: String {
    get { self[AttackQueueLiveKey.self] }
    set { self[AttackQueueLiveKey.self] = newValue }
  }
  fileprivate var attackDetachedLive: String {
    get { self[AttackDetachedLiveKey.self] }
    set { self[AttackDetachedLiveKey.self] = newValue }
  }
  fileprivate var attackParallelLive: String {
    get { self[AttackParallelLiveKey.self] }
    set { self[AttackParallelLiveKey.self] = newValue }
  }
  fileprivate var attackEffectLive: String {
    get { self[AttackEffectLiveKey.self] }
    set { self[AttackEffectLiveKey.self] = newValue }
  }
}

// @unchecked: an environment is thread-safe inside.
private final class AttackSelfKeyedEnvironment: ComposableEnvironment, @unchecked Sendable {
  static let clientLine = #line + 1
  @Dependency(AttackSelfKeyedClient.self) var client
}

// @unchecked: an environment is thread-safe inside.
private final class AttackGenericEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(AttackGenericLiveKey<Int>.self) var generic
}

// @unchecked: an environment is thread-safe inside.
private final class AttackChildEnvironment: ComposableEnvironment, @unchecked Sendable {
  static let derivedLiveLine = #line + 1
  @Dependency(AttackDerivedLiveKey.self) var derivedLive
  @Dependency(\.attackMocked) var mocked
}

// @unchecked: an environment is thread-safe inside.
private final class AttackParentEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Derived var child: AttackChildEnvironment
  @Derived var sibling = AttackChildEnvironment().with(\.attackOtherMocked, 8)
}

// @unchecked: an environment is thread-safe inside.
private final class AttackPlainEnvironment: ComposableEnvironment, @unchecked Sendable {}

/// Where `AttackSelfKeyedEnvironment.client` is declared, as a failure names it.
private let selfKeyedSite =
  "ComposableDepsTests/AttackMissingTestValueTests.swift:\(AttackSelfKeyedEnvironment.clientLine)"
/// Where `AttackChildEnvironment.derivedLive` is declared.
private let derivedSite =
  "ComposableDepsTests/AttackMissingTestValueTests.swift:\(AttackChildEnvironment.derivedLiveLine)"

@Suite struct AttackComposableMissingTestValueTests {
  @Test func aSelfKeyedTypeFailsOnceNamingItselfAndTheDeclaration() {
    let environment = AttackSelfKeyedEnvironment()
    var values: [String] = []
    let issues = recordedIssues {
      for _ in 0..<3 { values.append(environment.client.name) }
    }
    #expect(values == ["live", "live", "live"])
    #expect(issues == [missingTestValueFailure("AttackSelfKeyedClient", declaredAt: selfKeyedSite)])
  }

  @Test func aGenericKeyIsNamedWithItsArgument() {
    let environment = AttackGenericEnvironment()
    var value = ""
    let issues = recordedIssues { value = environment.generic }
    #expect(value == "live Int")
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("AttackGenericLiveKey<Int> has no test value") == true)
  }

  @Test func keyPathSubscriptAndDynamicMemberReadsFailOnceWithNoDeclaration() {
    let environment = AttackPlainEnvironment()
    var values: [String] = []
    let issues = recordedIssues {
      values.append(environment[\.attackPathLive])
      values.append(environment.attackPathLive)
      values.append(environment[\.attackPathLive])
    }
    #expect(values == ["live path", "live path", "live path"])
    #expect(issues == [missingTestValueFailure("AttackPathLiveKey")])
  }

  @Test func aliasToAKeyWithoutATestValueFailsForTheEndOfTheChain() {
    let environment = AttackPlainEnvironment().aliasing(\.attackAliasSource, to: \.attackAliasTargetLive)
    var value = ""
    let issues = recordedIssues { value = environment.attackAliasSource }
    #expect(value == "live target")
    #expect(issues == [missingTestValueFailure("AttackAliasTargetLiveKey")])
  }

  @Test func aliasToAKeyWithATestValueDoesNotFail() {
    let environment = AttackPlainEnvironment().aliasing(\.attackAliasSource, to: \.attackAliasTargetMocked)
    var value = ""
    let issues = recordedIssues { value = environment.attackAliasSource }
    #expect(value == "test mocked target")
    #expect(issues.isEmpty)
  }

  @Test func declaringAnAliasOrOverridingIsNoRead() {
    let environment = AttackPlainEnvironment()
      .aliasing(\.attackAliasSource, to: \.attackAliasTargetLive)
      .with(\.attackPathLive, "mock")
    var value = ""
    let issues = recordedIssues { value = environment.attackPathLive }
    #expect(value == "mock")
    #expect(issues.isEmpty)
  }

  @Test func theExplicitOptOutDoesNotFail() {
    let environment = AttackPlainEnvironment()
    var value = 0
    let issues = recordedIssues { value = environment[\.attackOptOut] }
    #expect(value == 7)
    #expect(issues.isEmpty)
  }

  @Test func eachRootEnvironmentFailsOnceAndItsDerivedChildrenShareIt() {
    let first = AttackParentEnvironment()
    let second = AttackParentEnvironment()
    let issues = recordedIssues {
      _ = first.child.derivedLive
      _ = first.child.derivedLive
      _ = second.child.derivedLive
    }
    #expect(
      issues == [
        missingTestValueFailure("AttackDerivedLiveKey", declaredAt: derivedSite),
        missingTestValueFailure("AttackDerivedLiveKey", declaredAt: derivedSite),
      ])
  }

  @Test(arguments: 0..<16)
  func parallelCasesEachFailTheirOwnCaseOnce(_ index: Int) async {
    let environment = AttackPlainEnvironment()
    let issues = await recordedIssues {
      await withTaskGroup(of: String.self) { group in
        for _ in 0..<4 { group.addTask { environment[\.attackParallelLive] } }
        for await value in group { #expect(value == "live parallel") }
      }
    }
    #expect(issues == [missingTestValueFailure("AttackParallelLiveKey")], "case \(index)")
  }
}

/// Runs a closure on a `Thread` of its own and hands back its result.
private enum WorkerThreadRead {
  static func onThread<R: Sendable>(_ body: @escaping @Sendable () -> R) async -> R {
    await withCheckedContinuation { continuation in
      let thread = Thread { continuation.resume(returning: body()) }
      thread.start()
    }
  }
}

@Suite struct AttackComposableDependencyUsageTests {
  @Test func anEnvironmentNeverReadHasAnEmptyUsageAndItsOverridesUnread() {
    #expect(AttackPlainEnvironment().dependencyUsage() == DependencyUsage())
    let environment = AttackPlainEnvironment().with(\.attackMocked, "mock")
    #expect(environment.dependencyUsage() == DependencyUsage(read: [], unreadOverrides: ["AttackMockedKey"]))
  }

  @Test func anOverrideSetThroughAnAliasAndReadThroughItsTargetIsRead() {
    let environment = AttackPlainEnvironment()
      .aliasing(\.attackAliasSource, to: \.attackAliasTargetMocked)
      .with(\.attackAliasSource, "mock")
    #expect(environment.attackAliasTargetMocked == "mock")
    #expect(
      environment.dependencyUsage()
        == DependencyUsage(read: ["AttackAliasTargetMockedKey"], unreadOverrides: []))
  }

  @Test func anOverrideReadOnlyByADerivedChildIsRead() {
    let environment = AttackParentEnvironment().with(\.attackMocked, "mock")
    #expect(environment.child.mocked == "mock")
    #expect(environment.dependencyUsage() == DependencyUsage(read: ["AttackMockedKey"], unreadOverrides: []))
    #expect(
      environment.child.dependencyUsage() == DependencyUsage(read: ["AttackMockedKey"], unreadOverrides: []))
  }

  @Test func anOverrideReadOnlyOnAnotherThreadIsRead() async {
    let environment = AttackPlainEnvironment().with(\.attackMocked, "mock")
    let value = await WorkerThreadRead.onThread { environment.attackMocked }
    #expect(value == "mock")
    #expect(environment.dependencyUsage() == DependencyUsage(read: ["AttackMockedKey"], unreadOverrides: []))
  }

  @Test func anOverrideSetTwiceAndReadIsRead() {
    let environment = AttackPlainEnvironment().with(\.attackMocked, "first").with(\.attackMocked, "second")
    #expect(environment.attackMocked == "second")
    #expect(environment.dependencyUsage() == DependencyUsage(read: ["AttackMockedKey"], unreadOverrides: []))
  }

  @Test func anOverrideReplacedAfterItWasReadIsUnreadUntilReadAgain() {
    let environment = AttackPlainEnvironment().with(\.attackMocked, "first")
    #expect(environment.attackMocked == "first")
    environment.with(\.attackMocked, "second")
    #expect(
      environment.dependencyUsage()
        == DependencyUsage(read: ["AttackMockedKey"], unreadOverrides: ["AttackMockedKey"]))
    #expect(environment.attackMocked == "second")
    #expect(environment.dependencyUsage() == DependencyUsage(read: ["AttackMockedKey"], unreadOverrides: []))
  }

  @Test func anOverrideEqualToTheDefaultIsStillAnOverride() {
    let environment = AttackPlainEnvironment().with(\.attackMocked, "test mocked")
    #expect(environment.dependencyUsage() == DependencyUsage(read: [], unreadOverrides: ["AttackMockedKey"]))
  }

  @Test func aReadBeforeTheOverrideDoesNotReadTheOverride() {
    let environment = AttackPlainEnvironment()
    #expect(environment.attackMocked == "test mocked")
    environment.with(\.attackMocked, "mock")
    #expect(
      environment.dependencyUsage()
        == DependencyUsage(read: ["AttackMockedKey"], unreadOverrides: ["AttackMockedKey"]))
  }

  @Test func sixteenThreadsReadingAtOnceRecordEachKeyOnce() async {
    let environment = AttackParentEnvironment()
      .with(\.attackMocked, "mock")
      .with(\.attackOtherMocked, 3)
    let rounds = StressScale.scaled(2_000)
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<16 {
        group.addTask {
          await WorkerThreadRead.onThread {
            for _ in 0..<rounds {
              _ = index.isMultiple(of: 2) ? environment.child.mocked : environment.attackMocked
              _ = environment.attackOtherMocked
            }
          }
        }
      }
    }
    #expect(
      environment.dependencyUsage()
        == DependencyUsage(read: ["AttackMockedKey", "AttackOtherMockedKey"], unreadOverrides: []))
  }

  @Test func aDerivedChildsOwnOverrideCountsInItsParentOnceTheChildIsMade() {
    let environment = AttackParentEnvironment()
    #expect(environment.dependencyUsage() == DependencyUsage())
    _ = environment.sibling
    #expect(
      environment.dependencyUsage() == DependencyUsage(read: [], unreadOverrides: ["AttackOtherMockedKey"]))
    #expect(environment.sibling.attackOtherMocked == 8)
    #expect(
      environment.dependencyUsage() == DependencyUsage(read: ["AttackOtherMockedKey"], unreadOverrides: []))
  }

  @Test func theDescriptionListsBothSetsSorted() {
    let usage = DependencyUsage(read: ["BKey", "AKey"], unreadOverrides: [])
    #expect(usage.description == "Read: AKey, BKey\nUnread overrides: none")
  }
}

private struct AttackEffectState: Equatable {
  var text = ""
}

private enum AttackEffectAction: Equatable {
  case load
  case loaded(String)
}

// @unchecked: an environment is thread-safe inside.
private final class AttackEffectEnvironment: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.attackMocked) var mocked
}

private let attackEffectReducer = Reducer<AttackEffectState, AttackEffectAction, AttackEffectEnvironment> {
  state, action, environment in
  switch action {
  case .load:
    return .run { send in await send(.loaded(environment.mocked + environment[\.attackEffectLive])) }
  case .loaded(let text):
    state.text = text
    return .none
  }
}

@MainActor @Suite struct AttackStrictTestStoreTests {
  @Test func aReadInAnEffectFailsTheTestAndReadsTheOverride() async {
    let store = TestStore(
      initialState: AttackEffectState(), reducer: attackEffectReducer,
      environment: AttackEffectEnvironment().with(\.attackMocked, "mock "), strictDependencies: true)
    let issues = await recordedIssues {
      await store.send(.load)
      await store.receive(.loaded("mock live effect")) { $0.text = "mock live effect" }
      await store.finish()
    }
    #expect(issues == [missingTestValueFailure("AttackEffectLiveKey")])
  }

  @Test func zeroOverridesNeverFail() async {
    let store = TestStore(
      initialState: AttackEffectState(), reducer: attackEffectReducer,
      environment: AttackEffectEnvironment(), strictDependencies: true)
    let issues = await recordedIssues { await store.finish() }
    #expect(issues.isEmpty)
  }

  @Test func anOverrideSetTwiceAndUnreadFailsOnce() async {
    let store = TestStore(
      initialState: AttackEffectState(), reducer: attackEffectReducer,
      environment: AttackEffectEnvironment().with(\.attackMocked, "a").with(\.attackMocked, "test mocked"),
      strictDependencies: true)
    let issues = await recordedIssues { await store.finish() }
    #expect(issues == [unreadInTestStoreFailure("AttackMockedKey")])
  }

  @Test func aStoreReleasedWithoutFinishChecksItsOverrides() {
    let issues = recordedIssues {
      var store: TestStore? = TestStore(
        initialState: AttackEffectState(), reducer: attackEffectReducer,
        environment: AttackEffectEnvironment().with(\.attackOtherMocked, 4), strictDependencies: true)
      #expect(store?.state == AttackEffectState())
      store = nil
    }
    #expect(issues == [unreadInTestStoreFailure("AttackOtherMockedKey")])
  }

  @Test func finishingTwiceAndReleasingReportsAnUnreadOverrideOnce() async {
    let issues = await recordedIssues {
      var store: TestStore? = TestStore(
        initialState: AttackEffectState(), reducer: attackEffectReducer,
        environment: AttackEffectEnvironment().with(\.attackOtherMocked, 4), strictDependencies: true)
      await store?.finish()
      await store?.finish()
      store = nil
    }
    #expect(issues.filter { $0 == unreadInTestStoreFailure("AttackOtherMockedKey") }.count == 1, "\(issues)")
  }

  @Test func anUnreadOverrideOfADerivedChildFails() async {
    let environment = AttackParentEnvironment()
    environment.child.with(\.attackOtherMocked, 5)
    let store = TestStore(
      initialState: AttackEffectState(),
      reducer: Reducer<AttackEffectState, AttackEffectAction, AttackParentEnvironment> { _, _, _ in .none },
      environment: environment, strictDependencies: true)
    let issues = await recordedIssues { await store.finish() }
    #expect(issues == [unreadInTestStoreFailure("AttackOtherMockedKey")])
  }
}

/// Set in the environment of the test process that ``AttackOffTaskReadTests`` starts: only there
/// does ``AttackOffTaskReadChildTests`` run.
private let offTaskChildVariable = "DEPS_ATTACK_OFF_TASK_CHILD"

/// Reads keys with no test value off the test's task: on a `Thread`, a `DispatchQueue` job and a
/// detached task, where no Swift Testing test is current. Runs only in the child process that
/// ``AttackOffTaskReadTests`` starts, whose output it reads: the issues these reads record belong
/// to no test, so that they fail that process's run, not this one's.
@Suite(.enabled(if: ProcessInfo.processInfo.environment[offTaskChildVariable] == "1"))
struct AttackOffTaskReadChildTests {
  @Test func readsOffTheTestsTask() async {
    let onThread = await WorkerThreadRead.onThread { AttackPlainEnvironment().attackThreadLive }
    let onQueue = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(returning: AttackPlainEnvironment().attackQueueLive)
      }
    }
    let detached = await Task.detached { AttackPlainEnvironment().attackDetachedLive }.value
    #expect([onThread, onQueue, detached] == ["live thread", "live queue", "live detached"])
  }
}

// The test bundle runs the child by itself on Linux; on Apple platforms `xctest` runs the bundle.
#if os(Linux)
  @Suite struct AttackOffTaskReadTests {
    @Test func aReadWithNoTestOnItsTaskFailsTheRunNamingTheKey() async throws {
      let child = try #require(
        try await runChildTestProcess(filter: "AttackOffTaskReadChildTests", variable: offTaskChildVariable),
        "the child test process did not end within two minutes")
      for key in ["AttackThreadLiveKey", "AttackQueueLiveKey", "AttackDetachedLiveKey"] {
        let headline = "\(key) has no test value, but was read in a test."
        #expect(child.output.components(separatedBy: headline).count == 2, "\(key):\n\(child.output)")
      }
      #expect(child.status != 0, "\(child.output)")
    }
  }
#endif

private enum AttackWarnedLiveKey: DependencyKey { static let defaultValue = "live warned" }
private enum AttackRefailedLiveKey: DependencyKey { static let defaultValue = "live refailed" }
private enum AttackXCTestThreadLiveKey: DependencyKey { static let defaultValue = "live XCTest thread" }

extension Dependencies {
  fileprivate var attackWarnedLive: String {
    get { self[AttackWarnedLiveKey.self] }
    set { self[AttackWarnedLiveKey.self] = newValue }
  }
  fileprivate var attackRefailedLive: String {
    get { self[AttackRefailedLiveKey.self] }
    set { self[AttackRefailedLiveKey.self] = newValue }
  }
  fileprivate var attackXCTestThreadLive: String {
    get { self[AttackXCTestThreadLiveKey.self] }
    set { self[AttackXCTestThreadLiveKey.self] = newValue }
  }
}

/// The process-wide switch, set in XCTest, whose tests run one at a time and apart from the
/// Swift Testing tests: setting it while those run would change what their reads report.
final class AttackMissingTestValueSwitchXCTests: FailureRecordingTestCase {
  func testTheWarningSwitchWarnsWithTheSameTextAndFailsNothing() {
    Dependencies.missingTestValue = .warning
    defer { Dependencies.missingTestValue = .failure }
    XCTAssertEqual(Dependencies.missingTestValue, .warning)
    var values: [String] = []
    let (_, warnings) = RuntimeWarnings.recording {
      capturingFailures {
        values.append(AttackPlainEnvironment().attackWarnedLive)
        values.append(AttackPlainEnvironment().attackWarnedLive)
      }
    }
    XCTAssertEqual(values, ["live warned", "live warned"])
    XCTAssertEqual(recorded.map(\.description), [])
    XCTAssertEqual(
      warnings,
      [missingTestValueFailure("AttackWarnedLiveKey"), missingTestValueFailure("AttackWarnedLiveKey")])
    // Logged once per key: one site and kind, however many roots warned.
    XCTAssertEqual(RuntimeWarnings.loggedKeys.filter { $0.hasSuffix(":AttackWarnedLiveKey") }.count, 1)
  }

  func testSwitchedBackAFreshRootFailsAgain() {
    Dependencies.missingTestValue = .warning
    _ = RuntimeWarnings.recording { AttackPlainEnvironment().attackRefailedLive }
    Dependencies.missingTestValue = .failure
    capturingFailures { _ = AttackPlainEnvironment().attackRefailedLive }
    XCTAssertEqual(recorded.map(\.description), [missingTestValueFailure("AttackRefailedLiveKey")])
  }

  func testAReadOnAThreadFailsTheRunningXCTestOnce() {
    let environment = AttackPlainEnvironment()
    let value = Locked("")
    capturingFailures {
      let done = DispatchSemaphore(value: 0)
      Thread {
        value.withLock { $0 = environment.attackXCTestThreadLive }
        done.signal()
      }
      .start()
      XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
    }
    XCTAssertEqual(value.withLock { $0 }, "live XCTest thread")
    XCTAssertEqual(recorded.map(\.description), [missingTestValueFailure("AttackXCTestThreadLiveKey")])
  }
}
