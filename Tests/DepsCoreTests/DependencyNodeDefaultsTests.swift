import Testing

@testable import DepsCore

private final class Instance: Sendable {}

private enum InstanceKey: DependencyKey {
  static var defaultValue: Instance { Instance() }
  static var testValue: Instance { defaultValue }
}

/// Which node builds the defaults that a read resolves to.
@Suite struct DependencyNodeDefaultsTests {
  @Test func withoutOwnersEveryNodeReadsTheRootsDefaults() {
    let root = DependencyNode(ownerName: "Root")
    let child = DependencyNode(ownerName: "Child", parent: root)
    #expect(child.read(InstanceKey.self) === root.read(InstanceKey.self))
  }

  @Test func aNodeThatOwnsDefaultsBuildsThemForItselfAndItsDescendants() {
    let root = DependencyNode(ownerName: "Root")
    let owner = DependencyNode(ownerName: "Owner", parent: root, ownsDefaults: true)
    let below = DependencyNode(ownerName: "Below", parent: owner)
    let sibling = DependencyNode(ownerName: "Sibling", parent: root, ownsDefaults: true)
    let fromBelow = below.read(InstanceKey.self)
    #expect(owner.read(InstanceKey.self) === fromBelow)
    #expect(root.read(InstanceKey.self) !== fromBelow)
    #expect(sibling.read(InstanceKey.self) !== fromBelow)
  }

  @Test func resettingTheRootKeepsAnOwnersDefaults() {
    let root = DependencyNode(ownerName: "Root")
    let owner = DependencyNode(ownerName: "Owner", parent: root, ownsDefaults: true)
    let before = owner.read(InstanceKey.self)
    let rootBefore = root.read(InstanceKey.self)
    root.reset()
    #expect(owner.read(InstanceKey.self) === before)
    #expect(root.read(InstanceKey.self) !== rootBefore)
  }

  @Test func aValueSetAboveAnOwnerStillWinsOverItsDefaults() {
    let root = DependencyNode(ownerName: "Root")
    let set = Instance()
    root.set(InstanceKey.self, set)
    let owner = DependencyNode(ownerName: "Owner", parent: root, ownsDefaults: true)
    #expect(owner.read(InstanceKey.self) === set)
  }
}
