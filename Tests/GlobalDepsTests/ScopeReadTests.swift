import DepsTestSupport
import Testing

@testable import GlobalDeps

/// Reads in `withDependencies` scopes: a one-off scope's read is resolved and cached nowhere; a
/// thread caches a scope's reads from its second read through it on. Either way a read sees its
/// scope's values, and the scope's end frees them. Only scoped keys are overridden: runs in
/// parallel.
@Suite struct ScopeReadTests {
  @Test func readsInALoopAndInOneOffScopesSeeTheirScope() {
    let model = ScopedModel()
    for round in 0..<50 {
      withDependencies {
        $0.scoped = round
      } operation: {
        // The first read is resolved, the second cached, the others found in the cache.
        #expect((0..<5).map { _ in model.scoped } == Array(repeating: round, count: 5))
        #expect(Dependency(\.scoped).wrappedValue == round)
        #expect(Dependency(ScopedKey.self).wrappedValue == round)
      }
    }
    #expect(model.scoped == 0)
  }

  @Test func aThreadGoingBackAndForthBetweenScopesReadsEachOnesValues() {
    let (first, second) = (scope(scoped: 1, escaped: "first"), scope(scoped: 2, escaped: "second"))
    var seen: [String] = []
    for _ in 0..<6 {
      for dependencies in [first, second, second, first] {
        seen.append(dependencies.yield { "\(ScopedModel().scoped) \(ScopedModel().escaped)" })
      }
    }
    let expected = ["1 first", "2 second", "2 second", "1 first"]
    #expect(seen == Array(Array(repeating: expected, count: 6).joined()))
  }

  @Test func aKeyPathThatIsNoLiteralReadsAsALiteralDoes() {
    let keyPath: KeyPath<Dependencies, Int> & Sendable = \.scoped
    let (stored, literal) = withDependencies {
      $0.scoped = 9
    } operation: {
      (Dependency(keyPath), Dependency(\.scoped))
    }
    #expect(stored.wrappedValue == 9)
    #expect(literal.wrappedValue == 9)
    withDependencies {
      $0.scoped = 10
    } operation: {
      #expect(stored.wrappedValue == 10)
    }
  }

  @Test func anUpdateReadsItsOwnWritesAndTheLastWriteWins() {
    let read = withDependencies {
      $0.scoped = 1
      $0.scoped += 1
      var copy = $0
      copy.scoped = 100
      copy.escaped = "copy"
      $0.escaped = "scope"
      $0.scoped += 1
    } operation: {
      (ScopedModel().scoped, ScopedModel().escaped)
    }
    #expect(read == (3, "scope"))
  }

  private func scope(scoped: Int, escaped: String) -> EscapedDependencies {
    withDependencies {
      $0.scoped = scoped
      $0.escaped = escaped
    } operation: {
      withEscapedDependencies { $0 }
    }
  }
}
