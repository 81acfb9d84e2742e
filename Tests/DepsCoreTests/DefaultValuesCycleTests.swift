import Testing

@testable import DepsCore

private enum SelfReadingKey: DependencyKey {
  static let defaultValue = 0
  static let testValue = defaultValue
}
private enum FirstKey: DependencyKey {
  static let defaultValue = 1
  static let testValue = defaultValue
}
private enum SecondKey: DependencyKey {
  static let defaultValue = 2
  static let testValue = defaultValue
}
private final class CycleEnvironment {}

/// A default that reads itself stops the process (`fatalError`), which a test cannot catch; these
/// tests drive the detection that picks the message, with made-up thread numbers far above the
/// real ones so that defaults other tests build meanwhile do not interfere.
@Suite struct DefaultValuesCycleTests {
  private static let explanation = """
    A default value may read other dependencies, but not one whose default is still being built. \
    To fix: break the cycle, for instance by reading the dependency lazily inside an endpoint \
    instead of in defaultValue / testValue.
    """

  private static func build<Key: DependencyKey>(_ key: Key.Type) -> BuildOnce<Int> {
    BuildOnce(name: .defaultValue(DependencyID(key)))
  }

  @Test func aDefaultThatReadsItselfOnItsOwnThread() {
    let thread = ThreadID(rawValue: UInt64.max - 10)
    let build = Self.build(SelfReadingKey.self)
    BuildGraph.begin(build, thread: thread)
    defer { BuildGraph.end(build, thread: thread) }
    #expect(
      BuildGraph.cycleMessage(waitingFor: build, thread: thread) == """
        Deps: the default value of SelfReadingKey reads itself (SelfReadingKey → SelfReadingKey).

        \(Self.explanation)
        """)
  }

  @Test func twoDefaultsThatReadEachOtherOnTwoThreads() {
    let (one, two) = (ThreadID(rawValue: UInt64.max - 20), ThreadID(rawValue: UInt64.max - 21))
    let (first, second) = (Self.build(FirstKey.self), Self.build(SecondKey.self))
    BuildGraph.begin(first, thread: one)
    BuildGraph.begin(second, thread: two)
    defer {
      BuildGraph.stopWaiting(thread: one)
      BuildGraph.end(first, thread: one)
      BuildGraph.end(second, thread: two)
    }
    // Thread one's default reads `second`, which thread two is building: one waits; no cycle yet.
    #expect(BuildGraph.cycleMessage(waitingFor: second, thread: one) == nil)
    // Thread two's default reads `first`, which waits for thread two: a cycle, never a hang.
    #expect(
      BuildGraph.cycleMessage(waitingFor: first, thread: two) == """
        Deps: the default value of FirstKey reads itself (SecondKey → FirstKey).

        \(Self.explanation)
        """)
  }

  @Test func waitingForAnotherThreadThatIsNotWaitingIsNoCycle() {
    let (one, two) = (ThreadID(rawValue: UInt64.max - 30), ThreadID(rawValue: UInt64.max - 31))
    let first = Self.build(FirstKey.self)
    BuildGraph.begin(first, thread: one)
    defer {
      BuildGraph.stopWaiting(thread: two)
      BuildGraph.end(first, thread: one)
    }
    #expect(BuildGraph.cycleMessage(waitingFor: first, thread: two) == nil)
  }

  @Test func anEnvironmentWhoseCreationNeedsItself() {
    let (one, two) = (ThreadID(rawValue: UInt64.max - 50), ThreadID(rawValue: UInt64.max - 51))
    let first = Self.build(FirstKey.self)
    let environment = BuildOnce<Int>(name: .environment(CycleEnvironment.self))
    BuildGraph.begin(first, thread: one)
    BuildGraph.begin(environment, thread: two)
    defer {
      BuildGraph.stopWaiting(thread: two)
      BuildGraph.end(first, thread: one)
      BuildGraph.end(environment, thread: two)
    }
    // The environment thread two creates reads the default thread one builds…
    #expect(BuildGraph.cycleMessage(waitingFor: first, thread: two) == nil)
    // …which reads that environment.
    #expect(
      BuildGraph.cycleMessage(waitingFor: environment, thread: one) == """
        Deps: creating CycleEnvironment needs itself (FirstKey → CycleEnvironment).

        An environment's init, and the defaults it reads, may not read the environment being \
        created. To fix: break the cycle, for instance by reading the dependency lazily inside an \
        endpoint instead of in init.
        """)
  }
}
