import DepsTestSupport
import Testing

@testable import ComposableDeps

/// An environment that already belongs to a tree, which a `@Derived` property below tries to adopt.
nonisolated(unsafe) private let owner = RootEnvironment()

private final class AdoptingEnvironment: ComposableEnvironment {
  @Derived var adopted = owner.second.leaf
}

@Suite struct MisuseTests {
  @Test func aliasingADependencyToItselfIsRefused() {
    let environment = RootEnvironment()
    let (_, warnings) = RuntimeWarnings.recording {
      environment.aliasing(\.main, to: \.main)
    }
    #expect(
      warnings == [
        """
        Alias refused: MainKey was aliased to itself.

        An alias makes two different dependencies read one value; a dependency already reads its own. \
        To fix: remove this aliasing(_:to:) call, or name two different dependencies.
        """
      ])
    #expect(environment.node.ownAliases.isEmpty)
    environment.with(\.main, "still works")
    #expect(environment[\.main] == "still works")
  }

  @Test func aliasCyclesAreRefusedWithTheExactMessage() {
    let root = SecondEnvironment().aliasing(\.main, to: \.mainQueue)
    let (_, warnings) = RuntimeWarnings.recording {
      root.leaf.aliasing(\.mainQueue, to: \.main)
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
  }

  @Test func aDerivedChildThatAlreadyHasAParentIsNotAdopted() {
    let adopting = AdoptingEnvironment().with(\.int, 99)
    owner.with(\.int, 7)
    let (child, warnings) = RuntimeWarnings.recording { adopting.adopted }
    #expect(
      warnings == [
        """
        LeafEnvironment was not derived from AdoptingEnvironment: that instance already has a parent.

        An environment belongs to one tree. To fix: create a new instance in the @Derived property, \
        as in `@Derived var child = LeafEnvironment()`.
        """
      ])
    // It stays in its own tree: it reads its first parent's values, never the adopter's.
    #expect(child === owner.second.leaf)
    #expect(child.int == 7)
  }
}
