import DepsTestSupport
import Testing

@testable import ComposableDeps
@testable import DepsCore

@Suite struct ComposableEnvironmentTests {
  @Test func aValueHoldsForTheNodeAndItsDescendants() {
    let root = RootEnvironment().with(\.int, 2)
    #expect(root.int == 2)
    #expect(root.first.int == 2)
    #expect(root.first.second.leaf.int == 2)
    #expect(root.int == root[\.int])
    #expect(root.first.int == root.first.int)
  }

  @Test func siblingsNeverSeeEachOthersValues() {
    let root = RootEnvironment()
    root.first.with(\.int, 10)
    #expect(root.second.int == 1)
    #expect(root.first.second.int == 10)
    root.second.with(\.int, 20)
    #expect(root.first.int == 10)
  }

  @Test func childrenReadAncestorsAtReadTime() {
    let root = RootEnvironment()
    let leaf = root.first.second.leaf
    #expect(leaf.int == 1)
    root.with(\.int, 5)
    #expect(leaf.int == 5)
    root.first.with(\.int, 6)
    #expect(leaf.int == 6)
    root.with(\.int, 7)
    #expect(leaf.int == 6)
    #expect(root.second.int == 7)
  }

  @Test func aChainOfFiveLevelsFollowsTheNearestValue() {
    let root = RootEnvironment()
    let levels: [LeafEnvironment] = {
      var levels = [root.second.leaf]
      for _ in 0..<4 { levels.append(levels.last!.next) }
      return levels
    }()
    #expect(levels.map(\.int) == [1, 1, 1, 1, 1])
    root.with(\.int, 2)
    #expect(levels.map(\.int) == [2, 2, 2, 2, 2])
    levels[2].with(\.int, 3)
    #expect(levels.map(\.int) == [2, 2, 3, 3, 3])
    root.with(\.int, 4)
    #expect(levels.map(\.int) == [4, 4, 3, 3, 3])
  }

  @Test func anInlineChildKeepsItsValuesAndInheritsTheRest() {
    let root = RootEnvironment().with(\.int, 9).with(\.mainQueue, "root")
    #expect(root.inline.mainQueue == "inline")
    #expect(root.inline.int == 9)
    #expect(root.second.mainQueue == "root")
  }

  @Test func typeKeysNeedNoDependenciesProperty() {
    let root = RootEnvironment()
    #expect(root.apiClient.name == "test")
    root.with(APIClient.self, APIClient(name: "mock"))
    #expect(root.apiClient.name == "mock")
  }

  @Test func dynamicMemberAndSubscriptReadAndWrite() {
    let root = RootEnvironment()
    root[\.int] = 12
    #expect(root.int == 12)
    #expect(root.first.second.leaf[\.int] == 12)
  }

  @Test func aliasesHoldForTheNodeAndItsDescendantsOnly() {
    let root = RootEnvironment().with(\.mainQueue, "overridden")
    // An aliased child sees the parent's override on its very first read.
    #expect(root.aliased.main == "overridden")
    #expect(root.aliased.leaf.main == "overridden")
    // Not aliased elsewhere in the tree, nor in another tree.
    #expect(root.second.leaf.main == "main")
    #expect(RootEnvironment().aliased.main == "main-queue")
    #expect(RootEnvironment().first.second.leaf.main == "main")
  }

  @Test func settingEitherSideOfAnAliasSetsTheGroup() {
    let root = RootEnvironment()
    root.aliased.leaf.with(\.main, "set through main")
    #expect(root.aliased.leaf.mainQueue == "set through main")
    #expect(root.aliased.main == "main-queue")
    let environment = SecondEnvironment().aliasing(\.main, to: \.mainQueue)
    environment.with(\.mainQueue, "one")
    #expect(environment.leaf.main == "one")
  }

  @Test func recursiveEnvironments() {
    let root = RootEnvironment().with(\.int, 3)
    #expect(root.first.root.first.root.first.int == 3)
  }

  @Test func defaultsAreBuiltOncePerTree() {
    let root = RootEnvironment()
    #expect(root.service === root.first.second.leaf.service)
    #expect(root.service === root.first.root.service)
    #expect(root.service !== RootEnvironment().service)
  }

  @Test func aliasCyclesAreRefused() {
    let root = SecondEnvironment().aliasing(\.main, to: \.mainQueue)
    let (_, warnings) = RuntimeWarnings.recording {
      root.leaf.aliasing(\.mainQueue, to: \.main)
    }
    #expect(warnings.count == 1)
    #expect(
      warnings.first?.hasPrefix("Alias refused: aliasing MainQueueKey to MainKey would make a cycle") == true)
    root.with(\.mainQueue, "still aliased")
    #expect(root.leaf.main == "still aliased")
  }

  @Test func pulledBackChildrenArePerParent() {
    let one = RootEnvironment().with(\.int, 1)
    let two = RootEnvironment().with(\.int, 2)
    #expect(one.pulledBackChild(LeafEnvironment.self).int == 1)
    #expect(two.pulledBackChild(LeafEnvironment.self).int == 2)
    #expect(one.pulledBackChild(LeafEnvironment.self) === one.pulledBackChild(LeafEnvironment.self))
  }

  @Test func releasingTheRootFreesTheTree() {
    weak var weakRoot: RootEnvironment?
    weak var weakLeaf: LeafEnvironment?
    weak var weakPulledBack: LeafEnvironment?
    do {
      let root = RootEnvironment().with(\.int, 4)
      weakRoot = root
      let leaf = root.first.second.leaf
      _ = root.first.root.first.int
      weakLeaf = leaf
      weakPulledBack = root.pulledBackChild(LeafEnvironment.self)
      #expect(leaf.int == 4)
    }
    #expect(weakRoot == nil)
    #expect(weakLeaf == nil)
    #expect(weakPulledBack == nil)
  }

  @Test func aChildHeldAloneKeepsItsInheritedValues() {
    var root: RootEnvironment? = RootEnvironment().with(\.int, 8)
    let leaf = root!.first.second.leaf
    root = nil
    #expect(leaf.int == 8)
  }

  @Test func deepReadsSeeTheRoot() {
    let root = RootEnvironment().with(\.int, 64)
    var node = root.second.leaf
    for _ in 0..<63 { node = node.next }
    #expect(node.int == 64)
    root.with(\.int, 65)
    #expect(node.int == 65)
  }
}
