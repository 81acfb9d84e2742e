import Testing

@testable import DepsCore

private enum SelfReadingKey: DependencyKey { static let defaultValue = 0 }
private enum FirstKey: DependencyKey { static let defaultValue = 1 }
private enum SecondKey: DependencyKey { static let defaultValue = 2 }

/// A default that reads itself stops the process (`fatalError`), which a test cannot catch; these
/// tests drive the detection that picks the message, with made-up thread numbers far above the
/// real ones so that defaults other tests build meanwhile do not interfere.
@Suite struct DefaultValuesCycleTests {
  private static let explanation = """
    A default value may read other dependencies, but not one whose default is still being built. \
    To fix: break the cycle, for instance by reading the dependency lazily inside an endpoint \
    instead of in defaultValue / testValue.
    """

  @Test func aDefaultThatReadsItselfOnItsOwnThread() {
    let thread = ThreadID(rawValue: UInt64.max - 10)
    let id = DependencyID(SelfReadingKey.self)
    BuildGraph.begin(id, thread: thread)
    defer { BuildGraph.end(id, thread: thread) }
    #expect(
      DefaultValues.cycleMessage(reading: id, owner: thread, thread: thread) == """
        Deps: the default value of SelfReadingKey reads itself (SelfReadingKey → SelfReadingKey).

        \(Self.explanation)
        """)
  }

  @Test func twoDefaultsThatReadEachOtherOnTwoThreads() {
    let (one, two) = (ThreadID(rawValue: UInt64.max - 20), ThreadID(rawValue: UInt64.max - 21))
    let (first, second) = (DependencyID(FirstKey.self), DependencyID(SecondKey.self))
    BuildGraph.begin(first, thread: one)
    BuildGraph.begin(second, thread: two)
    defer {
      BuildGraph.stopWaiting(thread: one)
      BuildGraph.end(first, thread: one)
      BuildGraph.end(second, thread: two)
    }
    // Thread one's default reads `second`, which thread two is building: one waits; no cycle yet.
    #expect(DefaultValues.cycleMessage(reading: second, owner: two, thread: one) == nil)
    // Thread two's default reads `first`, which waits for thread two: a cycle, never a hang.
    #expect(
      DefaultValues.cycleMessage(reading: first, owner: one, thread: two) == """
        Deps: the default value of FirstKey reads itself (SecondKey → FirstKey).

        \(Self.explanation)
        """)
  }

  @Test func waitingForAnotherThreadThatIsNotWaitingIsNoCycle() {
    let (one, two) = (ThreadID(rawValue: UInt64.max - 30), ThreadID(rawValue: UInt64.max - 31))
    let first = DependencyID(FirstKey.self)
    BuildGraph.begin(first, thread: one)
    defer {
      BuildGraph.stopWaiting(thread: two)
      BuildGraph.end(first, thread: one)
    }
    #expect(DefaultValues.cycleMessage(reading: first, owner: one, thread: two) == nil)
  }
}
