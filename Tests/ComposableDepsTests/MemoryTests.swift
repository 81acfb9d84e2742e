import Testing

@testable import ComposableDeps

/// A node with ten derived children: four levels below a root make 11,110 derived environments.
private final class Branch: ComposableEnvironment {
  @Dependency(\.int) var int
  @Derived var c0: Branch
  @Derived var c1: Branch
  @Derived var c2: Branch
  @Derived var c3: Branch
  @Derived var c4: Branch
  @Derived var c5: Branch
  @Derived var c6: Branch
  @Derived var c7: Branch
  @Derived var c8: Branch
  @Derived var c9: Branch

  // Key path literals are immutable.
  nonisolated(unsafe) static let children: [KeyPath<Branch, Branch>] = [
    \.c0, \.c1, \.c2, \.c3, \.c4, \.c5, \.c6, \.c7, \.c8, \.c9,
  ]
}

/// Ten child types, for ten pulled-back children per node (one per child type).
private final class Pulled<Tag>: ComposableEnvironment {
  @Dependency(\.int) var int
}
private enum T0 {}
private enum T1 {}
private enum T2 {}
private enum T3 {}
private enum T4 {}
private enum T5 {}
private enum T6 {}
private enum T7 {}
private enum T8 {}
private enum T9 {}

private let pullBacks: [@Sendable (ComposableEnvironment) -> ComposableEnvironment] = [
  { $0.pulledBackChild(Pulled<T0>.self) }, { $0.pulledBackChild(Pulled<T1>.self) },
  { $0.pulledBackChild(Pulled<T2>.self) }, { $0.pulledBackChild(Pulled<T3>.self) },
  { $0.pulledBackChild(Pulled<T4>.self) }, { $0.pulledBackChild(Pulled<T5>.self) },
  { $0.pulledBackChild(Pulled<T6>.self) }, { $0.pulledBackChild(Pulled<T7>.self) },
  { $0.pulledBackChild(Pulled<T8>.self) }, { $0.pulledBackChild(Pulled<T9>.self) },
]

private final class Weak {
  weak var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
}

@Suite struct MemoryTests {
  /// Builds the tree below `node`, `depth` levels deep, and returns weak references to every
  /// environment and every environment's node.
  private func grow(
    _ node: ComposableEnvironment, depth: Int, children: (ComposableEnvironment) -> [ComposableEnvironment]
  ) -> [Weak] {
    var weak = [Weak(node), Weak(node.node)]
    guard depth > 0 else { return weak }
    for child in children(node) {
      weak += grow(child, depth: depth - 1, children: children)
    }
    return weak
  }

  @Test func tenThousandDerivedEnvironmentsAreFreedWithTheirRoot() {
    var references: [Weak] = []
    do {
      let root = Branch().with(\.int, 5)
      references = grow(root, depth: 4) { node in
        Branch.children.map { (node as! Branch)[keyPath: $0] }
      }
      // Reads fill the per-thread caches, which must not keep anything alive either.
      #expect(root.c9.c9.c9.c9.int == 5)
      #expect(root.c0.c1.c2.c3.dependencyReport().contains("IntKey = 5"))
    }
    #expect(references.count == 2 * 11_111)
    #expect(references.filter { $0.object != nil }.count == 0)
  }

  @Test func tenThousandPulledBackChildrenAreFreedWithTheirRoot() {
    var references: [Weak] = []
    do {
      let root = Pulled<Void>().with(\.int, 6)
      references = grow(root, depth: 4) { node in pullBacks.map { $0(node) } }
      let deepest = pullBacks[9](pullBacks[9](pullBacks[9](pullBacks[9](root))))
      #expect((deepest as! Pulled<T9>).int == 6)
    }
    #expect(references.count == 2 * 11_111)
    #expect(references.filter { $0.object != nil }.count == 0)
  }
}
