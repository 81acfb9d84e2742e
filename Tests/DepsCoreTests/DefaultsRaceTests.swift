import Testing

@testable import DepsCore

private enum AKey: DependencyKey {
  static let defaultValue = 1
  static let testValue = defaultValue
}
private enum CKey: DependencyKey {
  static let defaultValue = 3
  static let testValue = defaultValue
}

/// Two threads whose defaults read other defaults, with no cycle, get their values: no false
/// "reads itself" stop when a wait that has ended is still on record.
@Suite struct DefaultsRaceTests {
  /// The race itself, in a process of its own (`DepsContextProbe defaults-race`): a false cycle
  /// stops the process, which this test reports instead of dying with it.
  @Test func defaultsReadingDefaultsOnTwoThreadsNeverStopTheProcess() throws {
    let run = try Probe.run(["defaults-race", "60"])
    #expect(run.status == 0, "the probe stopped: \(run.errors)")
    #expect(run.output == "ok\n")
    #expect(!run.errors.contains("reads itself"), "\(run.errors)")
  }

  /// The same, step by step on made-up threads: thread two waited for thread one's A; A is built,
  /// so that wait is over even before thread two runs again, and thread one may wait for thread
  /// two's C.
  @Test func aWaitForABuildThatEndedIsNoLongerPartOfACycle() {
    let (one, two) = (ThreadID(rawValue: UInt64.max - 40), ThreadID(rawValue: UInt64.max - 41))
    let a = BuildOnce<Int>(name: .defaultValue(DependencyID(AKey.self)))
    let c = BuildOnce<Int>(name: .defaultValue(DependencyID(CKey.self)))
    BuildGraph.begin(a, thread: one)
    BuildGraph.begin(c, thread: two)
    defer {
      BuildGraph.stopWaiting(thread: one)
      BuildGraph.stopWaiting(thread: two)
      BuildGraph.end(c, thread: two)
    }
    #expect(BuildGraph.cycleMessage(waitingFor: a, thread: two) == nil)
    BuildGraph.end(a, thread: one)
    // Thread two has not run since: its wait for A is still on record, but A has no builder.
    #expect(BuildGraph.cycleMessage(waitingFor: c, thread: one) == nil)
  }
}
