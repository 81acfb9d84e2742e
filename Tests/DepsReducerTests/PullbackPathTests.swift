import DepsReducer
import Testing

private struct Observed: Equatable {
  var changes = 0
  var counter = CounterState() {
    didSet { changes += 1 }
  }
}

private final class Box: @unchecked Sendable {
  // @unchecked: used on one thread by the test.
  var counter = CounterState()
}

private struct Boxed: @unchecked Sendable {
  // @unchecked: used on one thread by the test.
  let box = Box()
}

private struct Rows: Equatable {
  var rows: [CounterState]
}

private enum RowsAction: Equatable {
  case row(Int, CounterAction)
}

private let rowsReducer = counterReducer.forEach(
  state: \Rows.rows, action: /RowsAction.row, environment: { (step: Int) in CounterEnvironment(step: step) })

/// Pullbacks write stored properties in place through their offset; other key paths go through
/// the key path, and `forEach` remembers where it found an element only as a hint.
@Suite struct PullbackPathTests {
  @Test func aPropertyWithObserversIsWrittenThroughItsKeyPath() {
    let reducer = counterReducer.pullback(
      state: \Observed.counter, action: /CounterAction.self,
      environment: { (_: Void) in CounterEnvironment() })
    var state = Observed()
    _ = reducer.run(&state, .increment, ())
    #expect(state.counter.count == 1)
    #expect(state.changes == 1)
  }

  @Test func aClassPropertyIsWrittenThroughItsKeyPath() {
    let reducer = counterReducer.pullback(
      state: \Boxed.box.counter, action: /CounterAction.self,
      environment: { (_: Void) in CounterEnvironment() })
    var state = Boxed()
    _ = reducer.run(&state, .add(3), ())
    #expect(state.box.counter.count == 3)
  }

  @Test func forEachFindsAnElementAfterTheArrayChanged() {
    var state = Rows(rows: (0..<5).map { CounterState(id: $0) })
    _ = rowsReducer.run(&state, .row(4, .increment), 1)
    #expect(state.rows[4].count == 1)
    // The remembered position of id 4 now holds id 0.
    state.rows.reverse()
    _ = rowsReducer.run(&state, .row(4, .increment), 1)
    #expect(state.rows.map(\.count) == [2, 0, 0, 0, 0])
    state.rows.removeFirst()
    _ = rowsReducer.run(&state, .row(0, .add(5)), 1)
    #expect(state.rows.map(\.id) == [3, 2, 1, 0])
    #expect(state.rows.map(\.count) == [0, 0, 0, 5])
  }

  @Test func forEachIsolatesTwoArraysUsingOneReducer() {
    var first = Rows(rows: [CounterState(id: 1), CounterState(id: 2)])
    var second = Rows(rows: [CounterState(id: 2), CounterState(id: 1)])
    for _ in 0..<3 {
      _ = rowsReducer.run(&first, .row(2, .increment), 1)
      _ = rowsReducer.run(&second, .row(2, .increment), 1)
    }
    #expect(first.rows.map(\.count) == [0, 3])
    #expect(second.rows.map(\.count) == [3, 0])
  }
}
