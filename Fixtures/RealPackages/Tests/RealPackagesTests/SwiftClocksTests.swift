import ClockFeatures
import Clocks
import ComposableDeps
import DepsTesting
import Testing

// A feature that reads `\.continuousClock`, tested through TestStore with swift-clocks' clocks, as
// a TCA user's existing tests are, and with this library's: one script, the same results. Both
// modules declare `TestClock` and `ImmediateClock`, so a file that imports both names them by
// module (Docs/MigratingFromTCA.md).

/// A clock a test moves by hand, and how it moves.
enum SteppedClock: String, CaseIterable, Sendable {
  case library = "DepsTesting.TestClock"
  case swiftClocks = "Clocks.TestClock"

  /// A new clock, and its `advance(by:)`.
  func make() -> (clock: any Clock<Duration>, advance: @Sendable (Duration) async -> Void) {
    switch self {
    case .library:
      let clock = DepsTesting.TestClock()
      return (clock, { await clock.advance(by: $0) })
    case .swiftClocks:
      // swift-clocks' `advance(by:)` wakes the sleeps registered when it runs; on a loaded
      // machine an effect started just before may not have reached its sleep yet. Yield first,
      // as a TCA test's `await Task.megaYield()` does, and advance a second at a time, so that a
      // timer re-registers between ticks.
      let clock = Clocks.TestClock()
      return (
        clock,
        { duration in
          var left = duration
          while left > .zero {
            for _ in 0..<200 { await Task.yield() }
            let step = min(left, .seconds(1))
            await clock.advance(by: step)
            left -= step
          }
          for _ in 0..<200 { await Task.yield() }
        }
      )
    }
  }
}

/// A clock whose sleeps return at once.
enum InstantClock: String, CaseIterable, Sendable {
  case library = "DepsReducer.ImmediateClock"
  case swiftClocks = "Clocks.ImmediateClock"

  /// A new clock.
  func make() -> any Clock<Duration> {
    switch self {
    case .library: DepsReducer.ImmediateClock()
    case .swiftClocks: Clocks.ImmediateClock()
    }
  }
}

@MainActor
@Suite struct SwiftClocksTests {
  private func store(_ clock: any Clock<Duration>) -> TestStore<
    StopwatchState, StopwatchAction, StopwatchEnvironment
  > {
    TestStore(
      initialState: StopwatchState(), reducer: stopwatchReducer,
      environment: StopwatchEnvironment().with(\.continuousClock, clock))
  }

  /// An advance of three seconds delivers three ticks of a one-second timer.
  @Test(arguments: SteppedClock.allCases)
  func aTimerTicksOncePerIntervalAdvanced(_ kind: SteppedClock) async {
    let (clock, advance) = kind.make()
    let store = store(clock)
    await store.send(.toggleTapped) { $0.isRunning = true }
    await advance(.seconds(3))
    await store.receive(.ticked) { $0.ticks = 1 }
    await store.receive(.ticked) { $0.ticks = 2 }
    await store.receive(.ticked) { $0.ticks = 3 }
    await store.send(.toggleTapped) { $0.isRunning = false }
    await advance(.seconds(5))
    await store.finish()
  }

  /// A query typed within the debounce interval of the one before replaces it: one search runs.
  @Test(arguments: SteppedClock.allCases)
  func aDebouncedSearchRunsForTheLastQuery(_ kind: SteppedClock) async {
    let (clock, advance) = kind.make()
    let store = store(clock)
    await store.send(.queryChanged("s")) { $0.query = "s" }
    await advance(.milliseconds(200))
    await store.send(.queryChanged("sw")) { $0.query = "sw" }
    await advance(.milliseconds(299))
    await store.send(.queryChanged("swi")) { $0.query = "swi" }
    await advance(.milliseconds(300))
    await store.receive(.resultsLoaded(["SWI"])) { $0.results = ["SWI"] }
    await store.finish()
  }

  /// A reminder sleeps a minute: it fires when the clock reaches it, not a moment before.
  @Test(arguments: SteppedClock.allCases)
  func aReminderFiresWhenItsTimeComes(_ kind: SteppedClock) async {
    let (clock, advance) = kind.make()
    let store = store(clock)
    await store.send(.remindLaterTapped)
    await advance(.seconds(59))
    // A send fails when an effect's action is left unreceived: the reminder has not fired yet.
    await store.send(.ticked) { $0.ticks = 1 }
    await advance(.seconds(1))
    await store.receive(.reminderFired) { $0.reminded = true }
    await store.finish()
  }

  /// With an immediate clock the minute passes at once.
  @Test(arguments: InstantClock.allCases)
  func anImmediateClockFiresTheReminderAtOnce(_ kind: InstantClock) async {
    let store = store(kind.make())
    await store.send(.remindLaterTapped)
    await store.receive(.reminderFired) { $0.reminded = true }
    await store.finish()
  }
}

/// In a file that imports both modules, the unqualified names are the library's clocks
/// (not generic, so preferred): a TCA test's `TestClock()` silently becomes this package's.
@Test func unqualifiedClockNamesAreTheLibrarys() {
  #expect(type(of: TestClock()) == DepsTesting.TestClock.self)
  #expect(type(of: ImmediateClock()) == DepsReducer.ImmediateClock.self)
}
