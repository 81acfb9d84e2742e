import ComposableDeps  // was: import ComposableArchitecture
import DepsTesting  // (TCA's TestStore came with ComposableArchitecture)
import XCTest

@testable import TCA040Sample

@MainActor
final class TimerTests: XCTestCase {
  func testStart() async {
    let clock = TestClock()  // was: let mainQueue = DispatchQueue.test
    let store = TestStore(
      initialState: TimerState(),
      reducer: timerReducer,
      environment: TimerEnvironment(clock: clock)
    )

    await store.send(.toggleTimerButtonTapped) {
      $0.isTimerActive = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTicked) {
      $0.secondsElapsed = 1
    }
    for second in 2...6 {
      await clock.advance(by: .seconds(1))
      await store.receive(.timerTicked) {
        $0.secondsElapsed = second
      }
    }
    await store.send(.toggleTimerButtonTapped) {
      $0.isTimerActive = false
    }
  }
}
