import DepsTesting
import Testing

@testable import DepsCore
@testable import GlobalDeps

// What GlobalDeps warns about writes to the process-wide store: a write while a `@Derived`
// child is built, a write after the first read in a live process, a process-wide alias in a test.

/// Read by no other test: the warning test writes it to the store.
private enum DemoOnlyKey: DependencyKey {
  static let defaultValue = ""
  static let testValue = defaultValue
}
extension Dependencies {
  fileprivate var demoOnly: String {
    get { self[DemoOnlyKey.self] }
    set { self[DemoOnlyKey.self] = newValue }
  }
}

private struct WarningEnvironment: GlobalEnvironment {
  @Derived var demo = DemoEnvironment().with(\.demoOnly, "demo")
}
private struct DemoEnvironment: GlobalEnvironment {}

@Suite struct StoreWriteWarningTests {
  @Test func aStoreWriteWhileADerivedChildIsBuiltWarns() {
    let (_, warnings) = RuntimeWarnings.recording { _ = WarningEnvironment().demo }
    #expect(
      warnings == [
        """
        with(_:_:) set DemoOnlyKey on the process-wide store while @Derived DemoEnvironment was \
        being built.

        In GlobalDeps with(_:_:) sets a value for the whole process, not for the derived child: \
        every environment and every @Dependency sees it. To fix: use ComposableDeps, where \
        @Derived var child = Child().with(\\.key, value) holds for that subtree only, or scope the \
        value with withDependencies { $0.key = value } operation: { … }.
        """
      ])
  }

  @Test func aStoreWriteAfterTheFirstReadInALiveProcessWarns() {
    let (_, warnings) = RuntimeWarnings.recording {
      StoreWriteWarnings.checkWrite("PrimaryKey", context: .live, storeWasRead: true)
      StoreWriteWarnings.checkWrite("PrimaryKey", context: .live, storeWasRead: false)
      StoreWriteWarnings.checkWrite("PrimaryKey", context: .test, storeWasRead: true)
    }
    #expect(
      warnings == [
        """
        with(_:_:) set PrimaryKey on the process-wide store after dependencies were first read.

        In GlobalDeps with(_:_:) sets a value for the whole process, and code that already read \
        the old value may keep it. To fix: set process-wide values once, at launch, before the \
        first read; use ComposableDeps for values that differ per subtree, or \
        withDependencies { $0.key = value } operation: { … } for a scope.
        """
      ])
  }

  @Test func aProcessWideAliasDeclaredInATestWarns() {
    let (_, warnings) = RuntimeWarnings.recording {
      StoreWriteWarnings.checkAlias("SecondaryKey", "PrimaryKey")
    }
    #expect(
      warnings == [
        """
        aliasing(_:to:) made SecondaryKey a process-wide alias of PrimaryKey while a test is \
        running.

        In GlobalDeps an alias declared through an environment holds for the whole process, so \
        every test running in parallel sees it. To fix: declare it for the test's scope only, \
        with withDependencies { $0.alias(\\.a, to: \\.b) } operation: { … } or \
        @Suite(.dependencies { $0.alias(\\.a, to: \\.b) }).
        """
      ])
  }
}
