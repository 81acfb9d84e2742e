import Testing

@testable import DepsCore

private enum ValueKey: DependencyKey {
  static let defaultValue = 11
  static let testValue = defaultValue
}

private enum OtherKey: DependencyKey {
  static let defaultValue = 7
  static let testValue = defaultValue
}

/// A read copies its node's path one level at a time, each under its own lock. Writes that land
/// between two of those copies must not combine into a state that never was: the child seen
/// before its own write, the root after a later write of the root.
@Suite struct PathSnapshotTests {
  /// Step by step: the child's level is copied (nothing set on it), then the child sets 1000
  /// and the root sets 1002, then the root's level is copied. The states the read overlapped
  /// hold 11 (before) and 1000 (after either write): never 1002.
  @Test func writesBetweenTheCopiesOfTwoLevelsNeverMixIntoTheRead() {
    let value = readOfChild { root, child in
      child.set(ValueKey.self, 1_000)
      root.set(ValueKey.self, 1_002)
    }
    #expect([11, 1_000].contains(value), "read \(value): the child before its write, the root after its")
  }

  /// The same with an alias: after the child's level is copied, the child sets `ValueKey` and
  /// the root aliases it to `OtherKey`, which the root set to 7000. The child's own value wins
  /// after both writes, and the default before: the root's `OtherKey` was never the child's value.
  @Test func anAliasDeclaredBetweenTheCopiesNeverMixesIntoTheRead() {
    let value = readOfChild { root, child in
      child.set(ValueKey.self, 1_000)
      root.addAlias(DependencyID(ValueKey.self), to: DependencyID(OtherKey.self))
    }
    #expect(
      [11, 1_000].contains(value), "read \(value): the child before its write, the root's alias after it")
  }

  /// `ValueKey` read at a child of a root holding `OtherKey = 7000`, with `write` run once, right
  /// after the first copy of the child's level.
  private func readOfChild(writing write: (_ root: DependencyNode, _ child: DependencyNode) -> Void) -> Int {
    let root = DependencyNode(ownerName: "Root")
    root.set(OtherKey.self, 7_000)
    let child = DependencyNode(ownerName: "Child", parent: root)
    var wrote = false
    let path = child.snapshot(afterLevel: { level in
      guard level == 0, !wrote else { return }
      wrote = true
      write(root, child)
    }).levels
    #expect(wrote)
    return DependencyNode.typedBox(for: ValueKey.self, along: path).value
  }
}
