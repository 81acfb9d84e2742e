import ComposableDeps
import DepsTestSupport
import DepsTesting
import Dispatch
import Foundation
import Testing

// Outside attack 7, from the docs: "a read returns a value that was the effective one at some
// instant during the read" (CHANGELOG, Unreleased, the path-snapshot fix). Reads of a node several
// levels under the root, while the root and an intermediate node are written from other threads.
// Writers write monotone sequences, so a reader that sees values of one writer must see them in
// order (each read is at an instant during it, and one thread's reads do not overlap), and must
// never see a value that the node it reads through does not inherit.

private enum A7ValueKey: DependencyKey {
  static let defaultValue = 0
  static let testValue = 0
}
private enum A7AliasKey: DependencyKey {
  static let defaultValue = 0
  static let testValue = 0
}
private enum A7TargetKey: DependencyKey {
  static let defaultValue = 0
  static let testValue = 0
}

extension Dependencies {
  fileprivate var a7value: Int {
    get { self[A7ValueKey.self] }
    set { self[A7ValueKey.self] = newValue }
  }
  fileprivate var a7alias: Int {
    get { self[A7AliasKey.self] }
    set { self[A7AliasKey.self] = newValue }
  }
  fileprivate var a7target: Int {
    get { self[A7TargetKey.self] }
    set { self[A7TargetKey.self] = newValue }
  }
}

private final class A7Root: ComposableEnvironment, @unchecked Sendable {
  @Derived<A7Mid> var mid
  @Dependency(\.a7value) var value
}
private final class A7Mid: ComposableEnvironment, @unchecked Sendable {
  @Derived<A7Leaf> var leaf
  @Derived<A7Leaf>(aliases: { $0.alias(\.a7alias, to: \.a7target) }) var aliasedLeaf
  @Dependency(\.a7value) var value
}
private final class A7Leaf: ComposableEnvironment, @unchecked Sendable {
  @Derived<A7Deepest> var deepest
  @Dependency(\.a7value) var value
  @Dependency(\.a7alias) var alias
  @Dependency(\.a7target) var target
}
private final class A7Deepest: ComposableEnvironment, @unchecked Sendable {
  @Dependency(\.a7value) var value
  @Dependency(\.a7alias) var alias
  @Dependency(\.a7target) var target
}

// The environments are `@unchecked Sendable`, as the docs tell a user to write: reads and writes from
// several threads are safe.

/// Runs `bodies` on threads of their own, at once, and returns the problems they found.
private func runConcurrently(_ bodies: [@Sendable () -> [String]]) -> [String] {
  let problems = LockIsolated<[String]>([])
  DispatchQueue.concurrentPerform(iterations: bodies.count) { index in
    let found = bodies[index]()
    problems.withValue { $0.append(contentsOf: found.prefix(5)) }
  }
  return problems.value
}

/// The resident set of the process, in bytes (Linux), or `nil` where it cannot be read.
private func residentBytes() -> Int? {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Storms: many threads at full speed, serialized and scaled (`StressScale`), so that they run in
/// the storms' process of their own in CI and do not starve tests that wait on the pool.
@Suite(.serialized, .timeLimit(.minutes(3))) struct Attack7ConcurrentReadStorms {
  static let rounds = StressScale.scaled(20)
  static let writes = StressScale.scaled(20_000)

  /// A node that set its own value never reads the root's, however the root and the node are
  /// written at once; and its values arrive in the order they were written.
  @Test(arguments: 0..<rounds) func aDeepReadNeverSeesTheRootsValueWhileAnAncestorHasItsOwn(round: Int) {
    let root = A7Root()
    root.with(\.a7value, 0)
    let mid = root.mid
    mid.with(\.a7value, -1)
    let deepest = mid.leaf.deepest
    #expect(deepest.value == -1)
    let writes = Self.writes
    let problems = runConcurrently([
      {
        for n in 1...writes { root[\.a7value] = n }; return []
      },
      {
        for k in 2...writes { mid[\.a7value] = -k }; return []
      },
      {
        var problems: [String] = []
        var last = 0
        for _ in 0..<writes {
          let read = deepest.value
          if read >= 0 { problems.append("round \(round): the deepest node read the root's \(read)") }
          if read > last && last != 0 { problems.append("round \(round): read \(read) after \(last)") }
          last = read
        }
        return problems
      },
      {
        var problems: [String] = []
        var last = 0
        for _ in 0..<writes {
          let read = root.value
          if read < 0 { problems.append("round \(round): the root read the mid node's \(read)") }
          if read < last { problems.append("round \(round): the root read \(read) after \(last)") }
          last = read
        }
        return problems
      },
    ])
    #expect(problems == [])
    #expect(deepest.value == -writes)
    #expect(root.value == writes)
  }

  /// A leaf that sets a value of its own part-way: once a reader below it has seen the leaf's value,
  /// it never sees the inherited one again (the leaf's value was effective from one instant on).
  @Test(arguments: 0..<rounds) func onceANodesOwnValueIsSeenTheInheritedOneNeverComesBack(round: Int) {
    let root = A7Root()
    let mid = root.mid
    let leaf = mid.leaf
    let deepest = leaf.deepest
    #expect(deepest.value == 0)
    let writes = Self.writes
    let problems = runConcurrently([
      {
        for n in 1...writes {
          root[\.a7value] = n
          mid[\.a7value] = -n
        }
        return []
      },
      {
        for n in 1...(writes / 2) {
          if n == writes / 4 { leaf[\.a7value] = 1_000_000 }
          if n > writes / 4 { leaf[\.a7value] = 1_000_000 + n }
        }
        return []
      },
      {
        var problems: [String] = []
        var sawLeaf = false
        var last = Int.min
        for _ in 0..<(writes * 2) {
          let read = deepest.value
          if read >= 1_000_000 {
            if read < last { problems.append("round \(round): leaf value \(read) after \(last)") }
            sawLeaf = true
            last = read
          } else if sawLeaf {
            problems.append("round \(round): read the inherited \(read) after the leaf's own \(last)")
          } else if read > 0 {
            problems.append("round \(round): read the root's \(read) through a mid node with its own")
          }
        }
        return problems
      },
    ])
    #expect(problems == [])
    #expect(deepest.value == 1_000_000 + writes / 2)
  }

  /// The same through an alias declared by `@Derived(aliases:)`: the aliased dependency reads the
  /// group's value as the nearest node that set it has it, never the root's.
  @Test(arguments: 0..<rounds) func anAliasedReadNeverSeesTheRootsValueWhileAnAncestorHasItsOwn(
    round: Int
  ) {
    let root = A7Root()
    let mid = root.mid
    mid.with(\.a7target, -1)
    let leaf = mid.aliasedLeaf
    let deepest = leaf.deepest
    // Single-threaded first: the alias reads the target's inherited value.
    #expect(leaf.alias == -1)
    #expect(deepest.alias == -1)
    #expect(deepest.target == -1)
    let writes = Self.writes
    let problems = runConcurrently([
      {
        for n in 1...writes { root[\.a7target] = n }
        return []
      },
      {
        for k in 2...writes { mid[\.a7target] = -k }; return []
      },
      {
        var problems: [String] = []
        var last = 0
        for _ in 0..<writes {
          let alias = deepest.alias
          if alias >= 0 { problems.append("round \(round): the alias read the root's \(alias)") }
          if alias > last { problems.append("round \(round): alias read \(alias) after \(last)") }
          last = alias
        }
        return problems
      },
    ])
    #expect(problems == [])
    #expect(deepest.alias == -writes)
    #expect(leaf.target == -writes)
  }

  /// A million operations (reads and writes through a four-level tree) do not grow memory without
  /// bound.
  @Test func aMillionReadsAndWritesKeepMemoryBounded() throws {
    let root = A7Root()
    let mid = root.mid
    let leaf = mid.leaf
    let deepest = leaf.deepest
    _ = deepest.value
    let warmup = runConcurrently([
      {
        for n in 0..<10_000 { leaf[\.a7value] = n }; return []
      },
      {
        for _ in 0..<10_000 { _ = deepest.value }; return []
      },
    ])
    #expect(warmup == [])
    let before = try #require(residentBytes())
    let operations = StressScale.scaled(250_000)
    let problems = runConcurrently([
      {
        for n in 1...operations { leaf[\.a7value] = n }; return []
      },
      {
        for n in 1...operations { root[\.a7value] = -n }; return []
      },
      {
        var last = 0
        var problems: [String] = []
        for _ in 0..<operations {
          let read = deepest.value
          if read < last { problems.append("read \(read) after \(last)") }
          last = read
        }
        return problems
      },
      {
        var problems: [String] = []
        for _ in 0..<operations where mid.value > 0 { problems.append("mid read the leaf's value") }
        return problems
      },
    ])
    let after = try #require(residentBytes())
    #expect(problems == [])
    #expect(deepest.value == operations)
    #expect(after - before < 64 << 20, "resident set grew by \((after - before) >> 20) MB")
  }
}
