import ComposableDeps  // was: import ComposableArchitecture

// TCA 0.40's Timers case study, abridged: a long-living effect cancelled by a type id.

struct TimerState: Equatable {
  var isTimerActive = false
  var secondsElapsed = 0

  init() {}
}

enum TimerAction: Equatable {
  case onDisappear
  case timerTicked
  case toggleTimerButtonTapped
}

struct TimerEnvironment {
  var clock: any Clock<Duration>  // was: var mainQueue: AnySchedulerOf<DispatchQueue>

  init(clock: any Clock<Duration>) { self.clock = clock }
}

let timerReducer = Reducer<TimerState, TimerAction, TimerEnvironment> {
  state, action, environment in
  enum TimerID {}

  switch action {
  case .onDisappear:
    return .cancel(id: TimerID.self)

  case .timerTicked:
    state.secondsElapsed += 1
    return .none

  case .toggleTimerButtonTapped:
    state.isTimerActive.toggle()
    return .run { [isTimerActive = state.isTimerActive] send in
      guard isTimerActive else { return }
      // was: for await _ in environment.mainQueue.timer(interval: 1) {
      while true {
        try await environment.clock.sleep(for: .seconds(1))
        await send(.timerTicked)
      }
    }
    .cancellable(id: TimerID.self, cancelInFlight: true)
  }
}
