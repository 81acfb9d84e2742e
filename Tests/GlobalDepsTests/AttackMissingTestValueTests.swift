import DepsTestSupport
import DepsTesting
import Dispatch
import Foundation
import Testing
import XCTest

@testable import GlobalDeps

// Attacks on "Tests never touch a live service unknowingly" in GlobalDeps, written from the
// contract (API.md) and the guides only: missing test values in scopes, `Dependencies.usage()`
// and the `.dependencies(strict: true)` trait.

private enum GlobalAttackScopedLiveKey: DependencyKey { static let defaultValue = "live scoped" }
private enum GlobalAttackSiblingLiveKey: DependencyKey { static let defaultValue = "live sibling" }
private enum GlobalAttackInnerLiveKey: DependencyKey { static let defaultValue = "live inner" }
private enum GlobalAttackOuterKey: DependencyKey {
  static let defaultValue = "live outer"
  static let innerLine = #line + 2
  static var testValue: String {
    @Dependency(\.globalAttackInnerLive) var inner
    return "test outer reads \(inner)"
  }
}
private enum GlobalAttackLiveOuterKey: DependencyKey {
  static var defaultValue: String {
    @Dependency(\.globalAttackLiveInner) var inner
    return "live outer reads \(inner)"
  }
}
private enum GlobalAttackLiveInnerKey: DependencyKey { static let defaultValue = "live inner" }
private enum GlobalAttackThreadLiveKey: DependencyKey { static let defaultValue = "live thread" }
private enum GlobalAttackFromModelLiveKey: DependencyKey { static let defaultValue = "live from model" }
private enum GlobalAttackParallelLiveKey: DependencyKey { static let defaultValue = "live parallel" }
private enum GlobalAttackMockedKey: DependencyKey {
  static let defaultValue = "live mocked"
  static let testValue = "test mocked"
}
private enum GlobalAttackOtherMockedKey: DependencyKey {
  static let defaultValue = 1
  static let testValue = 2
}
private enum GlobalAttackAliasSourceKey: DependencyKey {
  static let defaultValue = "live source"
  static let testValue = "test source"
}

extension Dependencies {
  fileprivate var globalAttackScopedLive: String {
    get { self[GlobalAttackScopedLiveKey.self] }
    set { self[GlobalAttackScopedLiveKey.self] = newValue }
  }
  fileprivate var globalAttackSiblingLive: String {
    get { self[GlobalAttackSiblingLiveKey.self] }
    set { self[GlobalAttackSiblingLiveKey.self] = newValue }
  }
  fileprivate var globalAttackInnerLive: String {
    get { self[GlobalAttackInnerLiveKey.self] }
    set { self[GlobalAttackInnerLiveKey.self] = newValue }
  }
  fileprivate var globalAttackOuter: String {
    get { self[GlobalAttackOuterKey.self] }
    set { self[GlobalAttackOuterKey.self] = newValue }
  }
  fileprivate var globalAttackLiveOuter: String {
    get { self[GlobalAttackLiveOuterKey.self] }
    set { self[GlobalAttackLiveOuterKey.self] = newValue }
  }
  fileprivate var globalAttackLiveInner: String {
    get { self[GlobalAttackLiveInnerKey.self] }
    set { self[GlobalAttackLiveInnerKey.self] = newValue }
  }
  fileprivate var globalAttackThreadLive: String {
    get { self[GlobalAttackThreadLiveKey.self] }
    set { self[GlobalAttackThreadLiveKey.self] = newValue }
  }
  fileprivate var globalAttackFromModelLive: String {
    get { self[GlobalAttackFromModelLiveKey.self] }
    set { self[GlobalAttackFromModelLiveKey.self] = newValue }
  }
  fileprivate var globalAttackParallelLive: String {
    get { self[GlobalAttackParallelLiveKey.self] }
    set { self[GlobalAttackParallelLiveKey.self] = newValue }
  }
  fileprivate var globalAttackMocked: String {
    get { self[GlobalAttackMockedKey.self] }
    set { self[GlobalAttackMockedKey.self] = newValue }
  }
  fileprivate var globalAttackOtherMocked: Int {
    get { self[GlobalAttackOtherMockedKey.self] }
    set { self[GlobalAttackOtherMockedKey.self] = newValue }
  }
  fileprivate var globalAttackAliasSource: String {
    get { self[GlobalAttackAliasSourceKey.self] }
    set { self[GlobalAttackAliasSourceKey.self] = newValue }
  }
}

/// A model whose `@Dependency` properties read the keys above.
// @unchecked: the wrappers are set once, in `init`, and only read after.
private final class GlobalAttackModel: @unchecked Sendable {
  static let scopedLine = #line + 1
  @Dependency(\.globalAttackScopedLive) var scopedLive
  @Dependency(\.globalAttackOuter) var outer
  @Dependency(\.globalAttackThreadLive) var threadLive
  @Dependency(\.globalAttackFromModelLive) var fromModelLive
  @Dependency(\.globalAttackParallelLive) var parallelLive
  @Dependency(\.globalAttackMocked) var mocked
  @Dependency(\.globalAttackOtherMocked) var otherMocked
}

/// Where `GlobalAttackOuterKey.testValue`'s `@Dependency` is declared.
private let innerSite = "GlobalDepsTests/AttackMissingTestValueTests.swift:\(GlobalAttackOuterKey.innerLine)"
private let scopedSite = "GlobalDepsTests/AttackMissingTestValueTests.swift:\(GlobalAttackModel.scopedLine)"

/// Runs a closure on a `Thread` of its own and hands back its result.
private func onThread<R: Sendable>(_ body: @escaping @Sendable () -> R) async -> R {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: body()) }.start()
  }
}

@Suite struct AttackGlobalMissingTestValueTests {
  @Test func anOutermostScopeFailsOnceThroughNestedScopes() {
    var values: [String] = []
    let issues = recordedIssues {
      withDependencies { _ in
      } operation: {
        let model = GlobalAttackModel()
        values.append(model.scopedLive)
        withDependencies {
          $0.globalAttackMocked = "mock"
        } operation: {
          values.append(GlobalAttackModel().scopedLive)
          values.append(model.scopedLive)
        }
      }
    }
    #expect(values == ["live scoped", "live scoped", "live scoped"])
    #expect(issues == [missingTestValueFailure("GlobalAttackScopedLiveKey", declaredAt: scopedSite)])
  }

  @Test func siblingTestsEachFail() {
    let issues = recordedIssues {
      for _ in 0..<2 {
        asAnotherTest {
          withDependencies { _ in
          } operation: {
            @Dependency(\.globalAttackSiblingLive) var sibling
            _ = sibling
            _ = sibling
          }
        }
      }
    }
    #expect(issues.count == 2)
    #expect(issues.allSatisfy { $0.hasPrefix("GlobalAttackSiblingLiveKey has no test value") })
  }

  @Test func aModelMadeOutsideAnyScopeFailsOncePerTestItIsReadIn() {
    struct UnscopedModel {
      @Dependency(\.globalAttackUnscopedModelLive) var live
    }
    let model = UnscopedModel()
    let issues = recordedIssues {
      for _ in 0..<2 {
        asAnotherTest {
          withDependencies { _ in
          } operation: {
            _ = model.live
            _ = model.live
          }
        }
      }
    }
    #expect(issues.count == 2)
    #expect(issues.allSatisfy { $0.hasPrefix("GlobalAttackUnscopedModelLiveKey has no test value") })
  }

  @Test func aKeyReadOnlyInsideAnotherKeysDefaultValueIsReportedToo() {
    var value = ""
    let issues = recordedIssues {
      withDependencies { _ in
      } operation: {
        @Dependency(\.globalAttackLiveOuter) var outer
        value = outer
        value = outer
      }
    }
    #expect(value == "live outer reads live inner")
    #expect(issues.count == 2)
    #expect(
      Set(issues.map { $0.prefix { $0 != " " } }) == ["GlobalAttackLiveOuterKey", "GlobalAttackLiveInnerKey"])
  }

  @Test func aKeyReadOnlyInsideAnotherKeysTestValueIsReportedUnderItsOwnKey() {
    var value = ""
    let issues = recordedIssues {
      withDependencies { _ in
      } operation: {
        value = GlobalAttackModel().outer
      }
    }
    #expect(value == "test outer reads live inner")
    #expect(issues == [missingTestValueFailure("GlobalAttackInnerLiveKey", declaredAt: innerSite)])
  }

  @Test func aChildMadeFromAModelSharesTheOutermostScope() {
    let issues = recordedIssues {
      let parent = withDependencies { _ in
      } operation: {
        GlobalAttackModel()
      }
      _ = parent.fromModelLive
      let child = withDependencies(from: parent) { GlobalAttackModel() }
      _ = child.fromModelLive
    }
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("GlobalAttackFromModelLiveKey has no test value") == true)
  }

  @Test(arguments: 0..<16)
  func parallelScopesEachFailTheirOwnCaseOnce(_ index: Int) async {
    let issues = await recordedIssues {
      await withDependencies { _ in
      } operation: {
        let model = GlobalAttackModel()
        await withTaskGroup(of: String.self) { group in
          for _ in 0..<4 { group.addTask { model.parallelLive } }
          for await value in group { #expect(value == "live parallel") }
        }
      }
    }
    #expect(issues.count == 1, "case \(index)")
    #expect(issues.first?.hasPrefix("GlobalAttackParallelLiveKey has no test value") == true)
  }
}

private struct GlobalAttackUpdateError: Error, Equatable {}

/// Runs the test body `body` in the scope of `trait`, as Swift Testing does for the running test,
/// and returns the issues the trait and the body recorded.
private func issues(
  of trait: DependencyTrait, running body: @escaping @Sendable () async throws -> Void
) async throws -> [String] {
  let test = try #require(Test.current)
  let testCase = Test.Case.current
  var thrown: (any Error)?
  let issues = await recordedIssues {
    do {
      try await trait.provideScope(for: test, testCase: testCase, performing: body)
    } catch {
      thrown = error
    }
  }
  if let thrown { throw thrown }
  return issues
}

@Suite struct AttackStrictTraitTests {
  @Test func anOverrideReadOnlyByAChildTaskIsRead() async throws {
    let trait = DependencyTrait.dependencies(strict: true) {
      await Task.yield()
      $0.globalAttackMocked = "mock"
    }
    let recorded = try await issues(of: trait) {
      async let value = GlobalAttackModel().mocked
      #expect(await value == "mock")
    }
    #expect(recorded.isEmpty)
  }

  @Test func zeroOverridesNeverFail() async throws {
    let trait = DependencyTrait.dependencies(strict: true) { _ in }
    #expect(try await issues(of: trait) {}.isEmpty)
  }

  @Test func anAsyncUpdateThatSuspendsAndIsReadPasses() async throws {
    let trait = DependencyTrait.dependencies(strict: true) {
      await Task.yield()
      $0.globalAttackMocked = "mock"
      try await Task.sleep(for: .milliseconds(1))
      $0.globalAttackOtherMocked = 9
    }
    let recorded = try await issues(of: trait) {
      let model = GlobalAttackModel()
      #expect(model.mocked == "mock")
      #expect(model.otherMocked == 9)
      #expect(
        Dependencies.usage()
          == DependencyUsage(
            read: ["GlobalAttackMockedKey", "GlobalAttackOtherMockedKey"], unreadOverrides: []))
    }
    #expect(recorded.isEmpty)
  }

  @Test func anUpdateThatThrowsRunsNoTestAndRethrows() async {
    let ran = Locked(false)
    let trait = DependencyTrait.dependencies(strict: true) { _ in throw GlobalAttackUpdateError() }
    await #expect(throws: GlobalAttackUpdateError.self) {
      _ = try await issues(of: trait) { ran.withLock { $0 = true } }
    }
    #expect(!ran.withLock { $0 })
  }

  @Test func anOverrideSetTwiceAndUnreadFailsOnce() async throws {
    let trait = DependencyTrait.dependencies(strict: true) {
      $0.globalAttackMocked = "first"
      $0.globalAttackMocked = "second"
    }
    #expect(try await issues(of: trait) {} == [unreadInTraitFailure("GlobalAttackMockedKey")])
  }

  @Test func anOverrideEqualToTheDefaultAndUnreadFails() async throws {
    let trait = DependencyTrait.dependencies(strict: true) { $0.globalAttackMocked = "test mocked" }
    #expect(try await issues(of: trait) {} == [unreadInTraitFailure("GlobalAttackMockedKey")])
  }

  @Test func anOverrideReadOnlyOnAThreadByAModelMadeInTheScopeIsRead() async throws {
    let trait = DependencyTrait.dependencies(strict: true) { $0.globalAttackMocked = "mock" }
    let recorded = try await issues(of: trait) {
      let model = GlobalAttackModel()
      #expect(await onThread { model.mocked } == "mock")
    }
    #expect(recorded.isEmpty)
  }

  @Test func anOverrideReadOnlyByAChildMadeFromAModelIsRead() async throws {
    let trait = DependencyTrait.dependencies(strict: true) { $0.globalAttackMocked = "mock" }
    let recorded = try await issues(of: trait) {
      let parent = GlobalAttackModel()
      let child = withDependencies(from: parent) { GlobalAttackModel() }
      #expect(child.mocked == "mock")
    }
    #expect(recorded.isEmpty)
  }

  @Test func anOverrideReadOnlyInANestedScopeIsRead() async throws {
    let trait = DependencyTrait.dependencies(strict: true) { $0.globalAttackMocked = "mock" }
    let recorded = try await issues(of: trait) {
      withDependencies {
        $0.globalAttackOtherMocked = 4
      } operation: {
        #expect(GlobalAttackModel().mocked == "mock")
      }
      #expect(
        Dependencies.usage() == DependencyUsage(read: ["GlobalAttackMockedKey"], unreadOverrides: []))
    }
    #expect(recorded.isEmpty)
  }

  @Test func anOverrideSetThroughAScopedAliasAndReadThroughItsTargetIsRead() async throws {
    let trait = DependencyTrait.dependencies(strict: true) {
      $0.alias(\.globalAttackAliasSource, to: \.globalAttackMocked)
      $0.globalAttackAliasSource = "mock"
    }
    let recorded = try await issues(of: trait) {
      #expect(GlobalAttackModel().mocked == "mock")
    }
    #expect(recorded.isEmpty)
  }

  @Test func anUnreadOverrideSetThroughAScopedAliasIsNamedAsWritten() async throws {
    let trait = DependencyTrait.dependencies(strict: true) {
      $0.alias(\.globalAttackAliasSource, to: \.globalAttackMocked)
      $0.globalAttackAliasSource = "mock"
    }
    #expect(try await issues(of: trait) {} == [unreadInTraitFailure("GlobalAttackAliasSourceKey")])
  }

  @Test func eachScopeStartsWithAnEmptyUsage() async throws {
    for _ in 0..<2 {
      let trait = DependencyTrait.dependencies(strict: true) { $0.globalAttackMocked = "mock" }
      let recorded = try await issues(of: trait) {
        #expect(Dependencies.usage() == DependencyUsage(read: [], unreadOverrides: ["GlobalAttackMockedKey"]))
        _ = GlobalAttackModel().mocked
      }
      #expect(recorded.isEmpty)
    }
  }

  @Test func sixteenThreadsReadingAtOnceRecordEachKeyOnce() async throws {
    let trait = DependencyTrait.dependencies(strict: true) {
      $0.globalAttackMocked = "mock"
      $0.globalAttackOtherMocked = 3
    }
    let rounds = StressScale.scaled(2_000)
    let recorded = try await issues(of: trait) {
      let model = GlobalAttackModel()
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<16 {
          group.addTask {
            await onThread {
              for _ in 0..<rounds {
                _ = index.isMultiple(of: 2) ? model.mocked : "\(model.otherMocked)"
              }
            }
          }
        }
      }
      #expect(
        Dependencies.usage()
          == DependencyUsage(
            read: ["GlobalAttackMockedKey", "GlobalAttackOtherMockedKey"], unreadOverrides: []))
    }
    #expect(recorded.isEmpty)
  }
}

private enum GlobalAttackUnscopedModelLiveKey: DependencyKey { static let defaultValue = "live unscoped" }
private enum GlobalAttackTraitLiveKey: DependencyKey { static let defaultValue = "live trait" }
private enum GlobalAttackInvokeTestLiveKey: DependencyKey { static let defaultValue = "live invokeTest" }
private enum GlobalAttackScopeOnlyKey: DependencyKey {
  static let defaultValue = "live scope only"
  static let testValue = "test scope only"
}
private enum GlobalAttackStoreReadKey: DependencyKey {
  static let defaultValue = "live store read"
  static let testValue = "test store read"
}
private enum GlobalAttackResetKey: DependencyKey {
  static let defaultValue = "live reset"
  static let testValue = "test reset"
}

extension Dependencies {
  fileprivate var globalAttackUnscopedModelLive: String {
    get { self[GlobalAttackUnscopedModelLiveKey.self] }
    set { self[GlobalAttackUnscopedModelLiveKey.self] = newValue }
  }
  fileprivate var globalAttackTraitLive: String {
    get { self[GlobalAttackTraitLiveKey.self] }
    set { self[GlobalAttackTraitLiveKey.self] = newValue }
  }
  fileprivate var globalAttackInvokeTestLive: String {
    get { self[GlobalAttackInvokeTestLiveKey.self] }
    set { self[GlobalAttackInvokeTestLiveKey.self] = newValue }
  }
  fileprivate var globalAttackScopeOnly: String {
    get { self[GlobalAttackScopeOnlyKey.self] }
    set { self[GlobalAttackScopeOnlyKey.self] = newValue }
  }
  fileprivate var globalAttackStoreRead: String {
    get { self[GlobalAttackStoreReadKey.self] }
    set { self[GlobalAttackStoreReadKey.self] = newValue }
  }
  fileprivate var globalAttackReset: String {
    get { self[GlobalAttackResetKey.self] }
    set { self[GlobalAttackResetKey.self] = newValue }
  }
}

@Suite(.dependencies(strict: true) { $0.globalAttackMocked = "suite mock" })
struct AttackStrictSuiteTraitCaseTests {
  @Test(arguments: 0..<4)
  func eachCaseHasAScopeAndAUsageOfItsOwn(_ index: Int) {
    #expect(Dependencies.usage() == DependencyUsage(read: [], unreadOverrides: ["GlobalAttackMockedKey"]))
    #expect(GlobalAttackModel().mocked == "suite mock", "case \(index)")
    #expect(Dependencies.usage() == DependencyUsage(read: ["GlobalAttackMockedKey"], unreadOverrides: []))
  }

  @Test(arguments: 0..<4)
  func eachCaseFailsOnceForAKeyWithNoTestValue(_ index: Int) {
    _ = GlobalAttackModel().mocked
    let issues = recordedIssues {
      @Dependency(\.globalAttackTraitLive) var live
      _ = live
      _ = live
    }
    #expect(issues.count == 1, "case \(index)")
    #expect(issues.first?.hasPrefix("GlobalAttackTraitLiveKey has no test value") == true)
  }
}

private struct AttackStoreEnvironment: GlobalEnvironment {
  @Dependency(\.globalAttackStoreRead) var storeRead
  @Dependency(\.globalAttackReset) var reset
}

@Suite struct AttackStoreUsageTests {
  @Test func aReadInAScopeIsAReadOfTheTestNotOfTheStore() {
    withDependencies { _ in
    } operation: {
      @Dependency(\.globalAttackScopeOnly) var scopeOnly
      #expect(scopeOnly == "test scope only")
      #expect(Dependencies.usage().read == ["GlobalAttackScopeOnlyKey"])
    }
    #expect(Dependencies.usage().read.contains("GlobalAttackScopeOnlyKey"))
    #expect(!GlobalStore.node.dependencyUsage.read.contains("GlobalAttackScopeOnlyKey"))
  }

}

/// Each test of the class runs in an `invokeTest` scope of its own, so each fails once.
final class AttackInvokeTestScopeXCTests: FailureRecordingTestCase {
  override func invokeTest() {
    withDependencies { _ in
    } operation: {
      super.invokeTest()
    }
  }

  private func readTwice() {
    @Dependency(\.globalAttackInvokeTestLive) var live
    capturingFailures {
      _ = live
      _ = live
    }
    XCTAssertEqual(recorded.count, 1)
    XCTAssertTrue(
      recorded.first?.description.hasPrefix("GlobalAttackInvokeTestLiveKey has no test value") == true)
  }

  func testFirstFailsOnce() { readTwice() }
  func testSecondFailsOnce() { readTwice() }
}

/// The process-wide store's usage, in XCTest, whose tests run one at a time and apart from the
/// Swift Testing tests (`GlobalStoreTests` resets the store while those run).
final class AttackStoreUsageXCTests: XCTestCase {
  override func setUp() {
    super.setUp()
    Dependencies.reset()
  }

  func testResetForgetsTheStoresUsage() {
    AttackStoreEnvironment().with(\.globalAttackReset, "mock")
    XCTAssertEqual(AttackStoreEnvironment().reset, "mock")
    // Read through the test's own node, outside any scope.
    XCTAssertTrue(Dependencies.usage().read.contains("GlobalAttackResetKey"))
    Dependencies.reset()
    XCTAssertEqual(Dependencies.usage(), DependencyUsage())
    XCTAssertEqual(GlobalStore.node.dependencyUsage, DependencyUsage())
  }

  func testAStoreValueReadInAScopeIsAReadOverrideOfTheStore() {
    AttackStoreEnvironment().with(\.globalAttackStoreRead, "store mock")
    XCTAssertEqual(
      GlobalStore.node.dependencyUsage,
      DependencyUsage(read: [], unreadOverrides: ["GlobalAttackStoreReadKey"]))
    withDependencies { _ in
    } operation: {
      XCTAssertEqual(AttackStoreEnvironment().storeRead, "store mock")
    }
    XCTAssertEqual(GlobalStore.node.dependencyUsage, DependencyUsage())
  }
}

private struct AttackStoreState: Equatable {}

/// A strict `TestStore` of a `GlobalDeps` environment checks the scope in force where it was made.
@MainActor @Suite struct AttackStrictGlobalTestStoreTests {
  private let reducer = Reducer<AttackStoreState, Int, AttackStoreEnvironment> { _, _, _ in .none }

  @Test func anUnreadOverrideOfTheScopeFailsAtFinish() async {
    let issues = await withDependencies {
      $0.globalAttackMocked = "mock"
    } operation: {
      let store = TestStore(
        initialState: AttackStoreState(), reducer: reducer, environment: AttackStoreEnvironment(),
        strictDependencies: true)
      return await recordedIssues { await store.finish() }
    }
    #expect(issues == [unreadInTestStoreFailure("GlobalAttackMockedKey")])
  }

  @Test func anOverrideOfTheScopeReadAfterTheScopeEndedIsRead() async {
    let (store, model) = withDependencies {
      $0.globalAttackMocked = "mock"
    } operation: {
      (
        TestStore(
          initialState: AttackStoreState(), reducer: reducer, environment: AttackStoreEnvironment(),
          strictDependencies: true),
        GlobalAttackModel()
      )
    }
    #expect(model.mocked == "mock")
    let issues = await recordedIssues { await store.finish() }
    #expect(issues.isEmpty)
  }
}
