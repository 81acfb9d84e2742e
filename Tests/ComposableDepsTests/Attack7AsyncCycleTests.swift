import ComposableDeps
import DepsTestSupport
import DepsTesting
import Foundation
import Testing

// Outside attack 7, from Docs/Lifecycle.md and Docs/Diagnostics.md ("An asynchronous dependency
// whose build awaits itself"): shapes of cycles the library's own tests do not build (three keys,
// a task group, an unstructured task, a cycle entered from a key outside it, many readers at once),
// and shapes that are no cycle (a diamond read by 400 tasks, a key of one tree awaiting the same
// key of another tree). Every await runs in a task this file bounds: a regression that hangs fails
// with "did not end within 120 seconds" instead of hanging the suite (the hung task stays
// suspended).

private final class A7Thing: Sendable {
  let name: String
  init(_ name: String) { self.name = name }
}

private nonisolated(unsafe) let threeRoot = ComposableEnvironment()
private nonisolated(unsafe) let groupRoot = ComposableEnvironment()
private nonisolated(unsafe) let taskRoot = ComposableEnvironment()
private nonisolated(unsafe) let entryRoot = ComposableEnvironment()
private nonisolated(unsafe) let crowdRoot = ComposableEnvironment()
private nonisolated(unsafe) let diamondRoot = ComposableEnvironment()
private nonisolated(unsafe) let firstTree = ComposableEnvironment()
private nonisolated(unsafe) let secondTree = ComposableEnvironment()

private enum A7FirstKey: AsyncDependencyKey {
  static func makeDefault() async throws -> A7Thing { A7Thing("live") }
  static var testValue: AsyncDependency<A7Thing> {
    .build {
      _ = try await threeRoot.a7second.value
      return A7Thing("first")
    }
  }
}
private enum A7SecondKey: AsyncDependencyKey {
  static func makeDefault() async throws -> A7Thing { A7Thing("live") }
  static var testValue: AsyncDependency<A7Thing> {
    .build {
      _ = try await threeRoot.a7third.value
      return A7Thing("second")
    }
  }
}
private enum A7ThirdKey: AsyncDependencyKey {
  static func makeDefault() async throws -> A7Thing { A7Thing("live") }
  static var testValue: AsyncDependency<A7Thing> {
    .build {
      _ = try await threeRoot.a7first.value
      return A7Thing("third")
    }
  }
}

/// A build that awaits the other key in a task group's child.
private enum A7GroupKey: AsyncDependencyKey {
  static func makeDefault() async throws -> A7Thing { A7Thing("live") }
  static var testValue: AsyncDependency<A7Thing> {
    .build {
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { _ = try await groupRoot.a7groupOther.value }
        group.addTask { try await Task.sleep(for: .milliseconds(1)) }
        try await group.waitForAll()
      }
      return A7Thing("group")
    }
  }
}
private enum A7GroupOtherKey: AsyncDependencyKey {
  static func makeDefault() async throws -> A7Thing { A7Thing("live") }
  static var testValue: AsyncDependency<A7Thing> {
    .build {
      _ = try await groupRoot.a7group.value
      return A7Thing("group other")
    }
  }
}

/// A build that awaits the other key from a `Task { … }` it started ("counts as part of it until
/// the build ends").
private enum A7TaskKey: AsyncDependencyKey {
  static func makeDefault() async throws -> A7Thing { A7Thing("live") }
  static var testValue: AsyncDependency<A7Thing> {
    .build {
      _ = try await Task { try await taskRoot.a7taskOther.value }.value
      return A7Thing("task")
    }
  }
}
private enum A7TaskOtherKey: AsyncDependencyKey {
  static func makeDefault() async throws -> A7Thing { A7Thing("live") }
  static var testValue: AsyncDependency<A7Thing> {
    .build {
      _ = try await taskRoot.a7task.value
      return A7Thing("task other")
    }
  }
}

/// A key outside a cycle whose build awaits into it: entry → loopA → loopB → loopA.
private enum A7EntryKey: AsyncDependencyKey {
  static func makeDefault() async throws -> A7Thing { A7Thing("live") }
  static var testValue: AsyncDependency<A7Thing> {
    .build {
      _ = try await entryRoot.a7loopA.value
      return A7Thing("entry")
    }
  }
}
private enum A7LoopAKey: AsyncDependencyKey {
  static func makeDefault() async throws -> A7Thing { A7Thing("live") }
  static var testValue: AsyncDependency<A7Thing> {
    .build {
      _ = try await entryRoot.a7loopB.value
      return A7Thing("loop a")
    }
  }
}
private enum A7LoopBKey: AsyncDependencyKey {
  static func makeDefault() async throws -> A7Thing { A7Thing("live") }
  static var testValue: AsyncDependency<A7Thing> {
    .build {
      _ = try await entryRoot.a7loopA.value
      return A7Thing("loop b")
    }
  }
}

/// A self-cycle read by many tasks at once.
private enum A7CrowdKey: AsyncDependencyKey {
  static func makeDefault() async throws -> A7Thing { A7Thing("live") }
  static var testValue: AsyncDependency<A7Thing> {
    .build {
      try await Task.sleep(for: .milliseconds(20))
      return try await crowdRoot.a7crowd.value
    }
  }
}

/// A diamond: top awaits left and right in parallel, each awaits bottom. No cycle.
private let diamondBuilds = LockIsolated<[String]>([])
private enum A7TopKey: AsyncDependencyKey {
  static func makeDefault() async throws -> A7Thing { A7Thing("live") }
  static var testValue: AsyncDependency<A7Thing> {
    .build {
      diamondBuilds.withValue { $0.append("top") }
      async let left = diamondRoot.a7left.value
      async let right = diamondRoot.a7right.value
      _ = try await (left, right)
      return A7Thing("top")
    }
  }
}
private enum A7LeftKey: AsyncDependencyKey {
  static func makeDefault() async throws -> A7Thing { A7Thing("live") }
  static var testValue: AsyncDependency<A7Thing> {
    .build {
      diamondBuilds.withValue { $0.append("left") }
      try await Task.sleep(for: .milliseconds(5))
      return try await diamondRoot.a7bottom.value
    }
  }
}
private enum A7RightKey: AsyncDependencyKey {
  static func makeDefault() async throws -> A7Thing { A7Thing("live") }
  static var testValue: AsyncDependency<A7Thing> {
    .build {
      diamondBuilds.withValue { $0.append("right") }
      return try await diamondRoot.a7bottom.value
    }
  }
}
private enum A7BottomKey: AsyncDependencyKey {
  static func makeDefault() async throws -> A7Thing { A7Thing("live") }
  static var testValue: AsyncDependency<A7Thing> {
    .build {
      diamondBuilds.withValue { $0.append("bottom") }
      try await Task.sleep(for: .milliseconds(10))
      return A7Thing("bottom")
    }
  }
}

/// One key in two trees: the first tree's override awaits the second tree's value. Two stores,
/// so no cycle.
private enum A7TreeKey: AsyncDependencyKey {
  static func makeDefault() async throws -> A7Thing { A7Thing("live") }
  static var testValue: AsyncDependency<A7Thing> {
    .build {
      try await Task.sleep(for: .milliseconds(5))
      return A7Thing("second tree")
    }
  }
}

extension Dependencies {
  fileprivate var a7first: AsyncDependency<A7Thing> { self[A7FirstKey.self] }
  fileprivate var a7second: AsyncDependency<A7Thing> { self[A7SecondKey.self] }
  fileprivate var a7third: AsyncDependency<A7Thing> { self[A7ThirdKey.self] }
  fileprivate var a7group: AsyncDependency<A7Thing> { self[A7GroupKey.self] }
  fileprivate var a7groupOther: AsyncDependency<A7Thing> { self[A7GroupOtherKey.self] }
  fileprivate var a7task: AsyncDependency<A7Thing> { self[A7TaskKey.self] }
  fileprivate var a7taskOther: AsyncDependency<A7Thing> { self[A7TaskOtherKey.self] }
  fileprivate var a7entry: AsyncDependency<A7Thing> { self[A7EntryKey.self] }
  fileprivate var a7loopA: AsyncDependency<A7Thing> { self[A7LoopAKey.self] }
  fileprivate var a7loopB: AsyncDependency<A7Thing> { self[A7LoopBKey.self] }
  fileprivate var a7crowd: AsyncDependency<A7Thing> { self[A7CrowdKey.self] }
  fileprivate var a7top: AsyncDependency<A7Thing> { self[A7TopKey.self] }
  fileprivate var a7left: AsyncDependency<A7Thing> { self[A7LeftKey.self] }
  fileprivate var a7right: AsyncDependency<A7Thing> { self[A7RightKey.self] }
  fileprivate var a7bottom: AsyncDependency<A7Thing> { self[A7BottomKey.self] }
  fileprivate var a7tree: AsyncDependency<A7Thing> {
    get { self[A7TreeKey.self] }
    set { self[A7TreeKey.self] = newValue }
  }
}

/// The text the docs give for a cycle along `path`.
private func cycleText(_ path: [String]) -> String {
  """
  Creating the value of \(path[0]) needs itself (\(path.joined(separator: " → "))).

  The build of an asynchronous dependency (makeDefault() or .build { … }) may await other \
  dependencies, but not one whose build waits for it: neither could ever end, so the await \
  throws AsyncDependencyCycle instead. To fix: break the cycle, for instance by awaiting the \
  dependency lazily inside an endpoint instead of in the build.
  """
}

/// Runs `operation` in a task of its own and waits for it at most `seconds` of real time: `nil`
/// when it did not end by then (the task is cancelled and left). Generous, since the bound is for
/// a hang: under the thread sanitizer, beside the whole suite, a task can wait many seconds for
/// one of the pool's two threads (20 seconds failed there).
func attack7Bounded<T: Sendable>(
  seconds: Int = 120, _ operation: @escaping @Sendable () async throws -> T
) async -> Result<T, any Error>? {
  let outcome = LockIsolated<Result<T, any Error>?>(nil)
  let task = Task {
    do {
      let value = try await operation()
      outcome.setValue(.success(value))
    } catch {
      outcome.setValue(.failure(error))
    }
  }
  let deadline = ContinuousClock.now + .seconds(seconds)
  while ContinuousClock.now < deadline {
    if let result = outcome.value { return result }
    try? await Task.sleep(for: .milliseconds(5))
  }
  task.cancel()
  return nil
}

/// Awaits `read` (bounded) inside `recordedIssues`, and returns the error it threw and the issues.
private func awaitCycle(
  _ read: @escaping @Sendable () async throws -> A7Thing
) async -> (error: (any Error)?, issues: [String], ended: Bool) {
  let thrown = LockIsolated<(any Error)?>(nil)
  let ended = LockIsolated(false)
  let issues = await recordedIssues {
    guard let result = await attack7Bounded(read) else { return }
    ended.setValue(true)
    if case .failure(let error) = result { thrown.setValue(error) }
  }
  return (thrown.value, issues, ended.value)
}

@Suite(.serialized) struct Attack7AsyncCycleTests {
  @Test func aCycleOfThreeBuildsIsToldByItsText() async {
    let path = ["A7FirstKey", "A7SecondKey", "A7ThirdKey", "A7FirstKey"]
    let (error, issues, ended) = await awaitCycle { try await threeRoot.a7first.value }
    #expect(ended, "the await did not end within 120 seconds: the cycle hung")
    #expect(error as? AsyncDependencyCycle == AsyncDependencyCycle(path: path))
    #expect(error.map { "\($0)" } == cycleText(path))
    #expect(issues == [cycleText(path)])
  }

  @Test func aCycleThroughATaskGroupIsTold() async {
    let path = ["A7GroupKey", "A7GroupOtherKey", "A7GroupKey"]
    let (error, issues, ended) = await awaitCycle { try await groupRoot.a7group.value }
    #expect(ended, "the await did not end within 120 seconds: the cycle hung")
    #expect(error as? AsyncDependencyCycle == AsyncDependencyCycle(path: path))
    #expect(issues == [cycleText(path)])
  }

  @Test func aCycleThroughATaskTheBuildStartedIsTold() async {
    let path = ["A7TaskKey", "A7TaskOtherKey", "A7TaskKey"]
    let (error, issues, ended) = await awaitCycle { try await taskRoot.a7task.value }
    #expect(ended, "the await did not end within 120 seconds: the cycle hung")
    #expect(error as? AsyncDependencyCycle == AsyncDependencyCycle(path: path))
    #expect(issues == [cycleText(path)])
  }

  @Test func aCycleEnteredFromAKeyOutsideItNamesTheCycleOnly() async {
    let path = ["A7LoopAKey", "A7LoopBKey", "A7LoopAKey"]
    let (error, issues, ended) = await awaitCycle { try await entryRoot.a7entry.value }
    #expect(ended, "the await did not end within 120 seconds: the cycle hung")
    #expect(error as? AsyncDependencyCycle == AsyncDependencyCycle(path: path))
    #expect(issues == [cycleText(path)])
  }

  @Test func fiftyReadersOfASelfCycleAllThrowAndTheTestFailsOnce() async {
    let path = ["A7CrowdKey", "A7CrowdKey"]
    let errors = LockIsolated<[String]>([])
    let ended = LockIsolated(false)
    let issues = await recordedIssues {
      let result = await attack7Bounded {
        await withTaskGroup(of: String.self) { group in
          for _ in 0..<50 {
            group.addTask {
              do {
                _ = try await crowdRoot.a7crowd.value
                return "no error"
              } catch {
                return "\(type(of: error))"
              }
            }
          }
          for await error in group { errors.withValue { $0.append(error) } }
        }
      }
      ended.setValue(result != nil)
    }
    #expect(ended.value, "the readers did not end within 120 seconds: the cycle hung")
    #expect(errors.value == Array(repeating: "AsyncDependencyCycle", count: 50))
    #expect(issues == [cycleText(path)])
  }

  @Test func aDiamondReadBy400TasksIsNoCycleAndBuildsEachKeyOnce() async throws {
    let issues = await recordedIssues {
      let result = await attack7Bounded {
        try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
          for _ in 0..<400 {
            group.addTask { ObjectIdentifier(try await diamondRoot.a7top.value) }
          }
          var seen = Set<ObjectIdentifier>()
          for try await id in group { seen.insert(id) }
          return seen.count
        }
      }
      switch result {
      case nil: Issue.record("the 400 readers did not end within 120 seconds")
      case .failure(let error): Issue.record("a reader threw \(error)")
      case .success(let count): #expect(count == 1)
      }
    }
    // Recorded issues are expected ones: the diamond must record none.
    #expect(issues == [])
    #expect(diamondBuilds.value.sorted() == ["bottom", "left", "right", "top"])
  }

  @Test func oneKeyOfOneTreeAwaitingTheSameKeyOfAnotherTreeIsNoCycle() async {
    firstTree.with(\.a7tree, .build { try await secondTree.a7tree.value })
    let issues = await recordedIssues {
      let result = await attack7Bounded {
        async let first = firstTree.a7tree.value
        async let second = secondTree.a7tree.value
        return try await (first.name, second.name)
      }
      switch result {
      case nil: Issue.record("the reads did not end within 120 seconds")
      case .failure(let error): Issue.record("a read threw \(error)")
      case .success(let names):
        #expect(names.0 == "second tree")
        #expect(names.1 == "second tree")
      }
    }
    #expect(issues == [])
  }
}
