import DepsTestSupport
import Dispatch
import Synchronization
import Testing

@testable import DepsCore
@testable import GlobalDeps

/// Every test that writes the process-wide store runs in this suite, one at a time, and starts
/// from a reset store.
@Suite(.serialized, .processWideAliases) struct GlobalStoreTests {
  init() {
    Dependencies.reset()
    Dependencies.clearAliases()
  }

  @Test func anOverrideIsSeenByEveryEnvironmentAndByDependencyAnywhere() {
    let environment = AppEnvironment()
    #expect(environment.int == 0)
    AppEnvironment().with(\.int, 42)
    #expect(environment.int == 42)
    #expect(environment.child.int == 42)
    #expect(FeatureModel().int == 42)
    #expect(environment[\.int] == 42)
    environment[\.int] = 7
    #expect(FeatureModel().int == 7)
  }

  @Test func typeKeysNeedNoDependenciesProperty() {
    #expect(FeatureModel().apiClient.name == "test")
    AppEnvironment().with(APIClient.self, APIClient(name: "mock"))
    #expect(FeatureModel().apiClient.name == "mock")
    #expect(AppEnvironment().apiClient.name == "mock")
  }

  @Test func resetForgetsValuesAndRebuildsDefaults() {
    let first = Dependency(\.tracker).wrappedValue
    AppEnvironment().with(\.int, 3)
    Dependencies.reset()
    #expect(FeatureModel().int == 0)
    #expect(Dependency(\.tracker).wrappedValue !== first)
  }

  @Test func aClassDefaultIsBuiltOnce() {
    let before = Tracker.built.load(ordering: .relaxed)
    let reads = (0..<100).map { _ in Dependency(\.tracker).wrappedValue }
    #expect(reads.allSatisfy { $0 === reads[0] })
    #expect(Tracker.built.load(ordering: .relaxed) - before == 1)
  }

  @Test func aliasChainsAreOneDependency() {
    let environment = AppEnvironment()
      .aliasing(\.main, to: \.mainQueue)
      .aliasing(\.scheduler, to: \.main)
    // Neither set: the default comes from the end of the chain.
    #expect(environment[\.scheduler] == "main-queue")
    #expect(environment[\.main] == "main-queue")
    environment.with(\.scheduler, "set through the start of the chain")
    #expect(environment[\.mainQueue] == "set through the start of the chain")
    #expect(environment[\.main] == "set through the start of the chain")
    environment.with(\.mainQueue, "set through the end")
    #expect(environment[\.scheduler] == "set through the end")
  }

  @Test func aliasCyclesAreRefusedWithAWarningNamingBoth() {
    let environment = AppEnvironment().aliasing(\.main, to: \.mainQueue)
    let (_, warnings) = RuntimeWarnings.recording {
      environment.aliasing(\.mainQueue, to: \.main)
    }
    #expect(
      warnings == [
        """
        Alias refused: aliasing MainQueueKey to MainKey would make a cycle (MainQueueKey → MainKey → MainQueueKey).

        A chain of aliases must end in the dependency that provides the group's default value. \
        To fix: remove one of the aliasing(_:to:) calls that form the cycle, keeping one direction \
        (MainKey to MainQueueKey, or MainQueueKey to MainKey).
        """
      ])
    environment.with(\.mainQueue, "still one group")
    #expect(environment[\.main] == "still one group")
  }

  @Test func clearAliasesRemovesThemAll() {
    let environment = AppEnvironment().aliasing(\.main, to: \.mainQueue)
    #expect(environment[\.main] == "main-queue")
    Dependencies.clearAliases()
    #expect(environment[\.main] == "main")
  }

  @Test func recursiveDerivedEnvironments() {
    let environment = AppEnvironment().with(\.int, 5)
    #expect(environment.child.parent.child.parent.int == 5)
  }

  @Test func anAliasedDerivedChildSeesAnOverrideOnItsFirstRead() {
    let environment = AppEnvironment().with(\.mainQueue, "overridden")
    #expect(environment.aliased.main == "overridden")
    #expect(environment.aliased.mainQueue == "overridden")
  }

  @Test func aDefaultThatReadsAnotherDependencyFromABackgroundThread() async {
    AppEnvironment().with(\.mainQueue, "background")
    let greeting = await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: Dependency(\.greeting).wrappedValue) }
    }
    #expect(greeting == "hello from background")
  }

  @Test func eightThreadsReadWhileOneWrites() async {
    let writes = 2_000
    let sawNonMonotonic = Locked(false)
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for value in 1...writes { AppEnvironment().with(\.int, value) }
      }
      for _ in 0..<8 {
        group.addTask {
          let model = FeatureModel()
          var last = 0
          for _ in 0..<20_000 {
            let value = model.int
            // Each reader sees the writes in order: a value once seen is never replaced by an older one.
            if value < last || value > writes { sawNonMonotonic.withLock { $0 = true } }
            last = value
          }
        }
      }
    }
    #expect(sawNonMonotonic.withLock { $0 } == false)
    #expect(FeatureModel().int == writes)
  }
}
