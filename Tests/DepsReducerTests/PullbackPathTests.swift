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

private enum Signal: Sendable {
  case level(Int)
  case label(String)
  indirect case nested(Signal)
  case idle
}

/// A case path learns its case, and `forEach` its positions, while other threads use them: under
/// `--sanitize=thread` these report any unsynchronized access.
@Suite struct PullbackPathConcurrencyTests {
  @Test func aCasePathLearnsWhileManyThreadsExtract() async {
    for _ in 0..<50 {
      let level = /Signal.level
      let nested = /Signal.nested
      let results = await withTaskGroup(of: Bool.self) { group in
        for task in 0..<8 {
          group.addTask {
            var correct = true
            for round in 0..<20 {
              correct = correct && level.extract(from: .level(task + round)) == task + round
              correct = correct && level.extract(from: .label("x")) == nil
              correct = correct && level.extract(from: .idle) == nil
              if case .level(let value)? = nested.extract(from: .nested(.level(round))) {
                correct = correct && value == round
              } else {
                correct = false
              }
              correct = correct && nested.extract(from: .level(round)) == nil
            }
            return correct
          }
        }
        var all = true
        for await correct in group { all = all && correct }
        return all
      }
      #expect(results)
    }
  }

  @Test func oneForEachReducerServesManyThreads() async {
    let results = await withTaskGroup(of: [Int].self) { group in
      for task in 0..<8 {
        group.addTask {
          var state = Rows(rows: (0..<20).map { CounterState(id: ($0 + task) % 20) })
          for round in 0..<200 {
            _ = rowsReducer.run(&state, .row(round % 20, .increment), 1)
            if round % 50 == 0 { state.rows.shuffle() }
          }
          return state.rows.sorted { $0.id < $1.id }.map(\.count)
        }
      }
      var all: [[Int]] = []
      for await counts in group { all.append(counts) }
      return all
    }
    #expect(results.count == 8)
    #expect(results.allSatisfy { $0 == Array(repeating: 10, count: 20) })
  }
}
