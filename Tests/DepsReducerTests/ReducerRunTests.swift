import DepsReducer
import DepsTestSupport
import Testing

// A reducer runs as a function: `run(&state, action, environment)` changes the state in place.
//
// Ported from The Composable Architecture 0.x's `ReducerTests.swift` (tags 0.39.0–0.47.2).

@MainActor
@Suite(.tags(.portedFromTCA), .timeLimit(.minutes(1)))
struct ReducerRunTests {
  // ReducerTests.testCallableAsFunction
  @Test func callableAsFunction() {
    let reducer = Reducer<Int, Void, Void> { state, _, _ in
      state += 1
      return .none
    }
    var state = 0
    _ = reducer.run(&state, (), ())
    #expect(state == 1)
  }
}
