import ComposableDeps
import DepsTestSupport
import Testing

/// What `dependencyUsage()` says a test touched through an environment tree.
@Suite struct ComposableDependencyUsageTests {
  @Test func readsAndUnreadOverridesOfARoot() {
    let env = RootEnvironment().with(\.int, 5).with(\.mainQueue, "test queue")
    #expect(env.dependencyUsage() == DependencyUsage(read: [], unreadOverrides: ["IntKey", "MainQueueKey"]))
    _ = env.int
    #expect(env.dependencyUsage() == DependencyUsage(read: ["IntKey"], unreadOverrides: ["MainQueueKey"]))
    _ = env.mainQueue
    #expect(env.dependencyUsage() == DependencyUsage(read: ["IntKey", "MainQueueKey"], unreadOverrides: []))
  }

  @Test func aReadThroughADescendantCountsForItsAncestors() {
    let env = RootEnvironment().with(\.int, 5)
    _ = env.first.second.int
    #expect(env.dependencyUsage() == DependencyUsage(read: ["IntKey"], unreadOverrides: []))
    #expect(env.first.dependencyUsage().read == ["IntKey"])
    // The sibling read nothing.
    #expect(env.second.dependencyUsage() == DependencyUsage())
  }

  @Test func anOverrideSetOnADescendantIsTheAncestorsToo() {
    let env = RootEnvironment()
    env.first.with(\.int, 7)
    #expect(env.dependencyUsage().unreadOverrides == ["IntKey"])
    _ = env.int  // the root's own default: not the override set below
    #expect(env.dependencyUsage() == DependencyUsage(read: ["IntKey"], unreadOverrides: ["IntKey"]))
    _ = env.first.int
    #expect(env.dependencyUsage() == DependencyUsage(read: ["IntKey"], unreadOverrides: []))
  }

  @Test func anOverrideShadowedEverywhereItIsReadIsUnread() {
    let env = RootEnvironment().with(\.int, 1)
    env.first.with(\.int, 2)
    _ = env.first.int
    #expect(env.dependencyUsage().unreadOverrides == ["IntKey"])
  }

  @Test func anOverrideReplacedOnItsEnvironmentIsForgotten() {
    let env = RootEnvironment().with(\.int, 1).with(\.int, 2)
    _ = env.int
    #expect(env.dependencyUsage() == DependencyUsage(read: ["IntKey"], unreadOverrides: []))
  }

  @Test func aReadThroughAnAliasReadsTheOverrideOfItsReference() {
    let env = RootEnvironment().with(\.mainQueue, "test queue")
    #expect(env.aliased.main == "test queue")
    #expect(env.dependencyUsage() == DependencyUsage(read: ["MainKey"], unreadOverrides: []))
  }

  @Test func aReadCachedBeforeTheQuestionIsCounted() {
    let env = RootEnvironment().with(\.int, 3)
    // Cached on this thread by the first read; the second never reaches the tree.
    _ = env.int
    _ = env.int
    #expect(env.dependencyUsage().read == ["IntKey"])
    #expect(env.dependencyUsage().unreadOverrides.isEmpty)
  }

  @Test func aChildMadeElsewhereBringsItsUsageWhenItJoinsTheTree() {
    let child = FirstEnvironment().with(\.int, 9)
    _ = child.int
    let env = AdoptingRootEnvironment(child: child)
    #expect(env.child.int == 9)
    #expect(env.dependencyUsage() == DependencyUsage(read: ["IntKey"], unreadOverrides: []))
  }

  @Test func theDescriptionListsBothSetsSorted() {
    #expect(
      DependencyUsage(read: ["B", "A"], unreadOverrides: []).description == """
        Read: A, B
        Unread overrides: none
        """)
  }
}

private final class AdoptingRootEnvironment: ComposableEnvironment {
  @Derived var child: FirstEnvironment

  convenience init(child: FirstEnvironment) {
    self.init()
    _child = Derived(wrappedValue: child)
  }
}
