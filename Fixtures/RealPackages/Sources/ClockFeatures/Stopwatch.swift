import ComposableDeps

/// A feature whose every effect waits on `\.continuousClock`: a timer, a debounced search and a
/// delayed reminder, as a TCA 0.40 feature waited on its scheduler.
public struct StopwatchState: Equatable, Sendable {
  public var ticks = 0
  public var isRunning = false
  public var query = ""
  public var results: [String] = []
  public var reminded = false

  /// Creates the state of a stopwatch that has not started.
  public init() {}
}

/// What the feature does.
public enum StopwatchAction: Equatable, Sendable {
  case toggleTapped
  case ticked
  case queryChanged(String)
  case resultsLoaded([String])
  case remindLaterTapped
  case reminderFired
}

/// The clock is the only dependency: each test hands the feature a different one.
public final class StopwatchEnvironment: ComposableEnvironment {
  @Dependency(\.continuousClock) var clock
}

private enum TimerID: Hashable, Sendable { case timer }
private enum SearchID: Hashable, Sendable { case search }

/// The stopwatch's reducer.
public let stopwatchReducer = Reducer<StopwatchState, StopwatchAction, StopwatchEnvironment> {
  state, action, environment in
  let clock = environment.clock
  switch action {
  case .toggleTapped:
    state.isRunning.toggle()
    guard state.isRunning else { return .cancel(id: TimerID.timer) }
    return .run { send in
      for await _ in clock.timer(interval: .seconds(1)) { await send(.ticked) }
    }
    .cancellable(id: TimerID.timer, cancelInFlight: true)

  case .ticked:
    state.ticks += 1
    return .none

  case .queryChanged(let query):
    state.query = query
    return .run { send in await send(.resultsLoaded([query.uppercased()])) }
      .debounce(id: SearchID.search, for: .milliseconds(300), clock: clock)

  case .resultsLoaded(let results):
    state.results = results
    return .none

  case .remindLaterTapped:
    return .run { send in
      try await clock.sleep(for: .seconds(60))
      await send(.reminderFired)
    }

  case .reminderFired:
    state.reminded = true
    return .none
  }
}
