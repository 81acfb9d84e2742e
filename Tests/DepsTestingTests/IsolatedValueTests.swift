import DepsCore
import DepsTesting
import Testing

private struct Box: Sendable {
  var items: [Int] = []
}

private struct Refused: Error {}

@Suite struct LockIsolatedTests {
  @Test func readsSetsAndChanges() {
    let box = LockIsolated(Box())
    box.withValue { $0.items.append(1) }
    #expect(box.value.items == [1])
    #expect(box.items == [1])
    box.setValue(Box(items: [7]))
    #expect(box.value.items == [7])
    #expect(box.withValue { $0.items.count } == 1)
  }

  @Test func aThrowingClosureKeepsWhatItChanged() {
    let count = LockIsolated(0)
    #expect(throws: Refused.self) {
      try count.withValue { value in
        value += 1
        throw Refused()
      }
    }
    #expect(count.value == 1)
  }

  @Test func changesFromManyThreadsAreNotLost() async {
    let count = LockIsolated(0)
    let tasks = 8
    let rounds = 2_000
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<tasks {
        group.addTask {
          for _ in 0..<rounds { count.withValue { $0 += 1 } }
        }
      }
    }
    #expect(count.value == tasks * rounds)
  }

  @Test func aUseInsideItsOwnClosureIsReportedNotADeadlock() {
    let count = LockIsolated(1)
    let (seen, warnings) = RuntimeWarnings.recording {
      count.withValue { value -> Int in
        value = 2
        return count.value
      }
    }
    #expect(seen == 1)
    #expect(count.value == 2)
    #expect(
      warnings == [
        """
        LockIsolated<Int> was used inside its own withValue closure.

        The closure works on a copy that withValue stores when it returns, so this use saw the value \
        from before the closure, and a change made here is overwritten. To fix: read and change the \
        value through the closure's argument.
        """
      ])
  }
}

@Suite struct ActorIsolatedTests {
  @Test func readsSetsAndChanges() async {
    let box = ActorIsolated(Box())
    await box.withValue { $0.items.append(1) }
    #expect(await box.value.items == [1])
    #expect(await box.items == [1])
    await box.setValue(Box(items: [7]))
    #expect(await box.value.items == [7])
    #expect(await box.withValue { $0.items.count } == 1)
  }

  @Test func changesFromManyTasksAreNotLost() async {
    let count = ActorIsolated(0)
    let tasks = 8
    let rounds = 500
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<tasks {
        group.addTask {
          for _ in 0..<rounds { await count.withValue { $0 += 1 } }
        }
      }
    }
    #expect(await count.value == tasks * rounds)
  }
}
