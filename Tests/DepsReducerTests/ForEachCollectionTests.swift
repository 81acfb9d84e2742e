import DepsCore
import DepsReducer
import DepsTestSupport
import Testing

// `forEach` over collections other than `Array`: an `IdentifiedArray`-like collection, and an
// `ArraySlice` whose indices do not start at 0.

private struct RowsState: Equatable {
  var rows: IdentifiedRows<CounterState> = []
  var slice: ArraySlice<CounterState> = []
}

private enum RowsAction: Equatable {
  case row(Int, CounterAction)
  case sliceRow(Int, CounterAction)
}

private let rowsReducer = Reducer<RowsState, RowsAction, AppEnvironment>.combine(
  counterReducer.forEach(state: \.rows, action: /RowsAction.row, environment: \.counter),
  counterReducer.forEach(state: \.slice, action: /RowsAction.sliceRow, environment: \.counter)
)

@Suite struct ForEachCollectionTests {
  @Test func runsOnTheElementWithTheID() {
    var state = RowsState(rows: [CounterState(id: 1), CounterState(id: 2), CounterState(id: 3)])
    _ = rowsReducer.run(&state, .row(2, .add(4)), AppEnvironment())
    _ = rowsReducer.run(&state, .row(3, .increment), AppEnvironment())
    #expect(
      state.rows == [CounterState(id: 1), CounterState(id: 2, count: 4), CounterState(id: 3, count: 10)])
  }

  @Test func mapsEffectsWithTheID() async {
    var state = RowsState(rows: [CounterState(id: 1)])
    let effect = rowsReducer.run(&state, .row(1, .delayedIncrement), AppEnvironment())
    #expect(await collectActions(effect) == [.row(1, .increment)])
  }

  /// A remembered position is a hint only: after the collection changed, the element is found
  /// where it is now.
  @Test func findsElementsAfterTheCollectionChanged() {
    var state = RowsState(rows: [CounterState(id: 1), CounterState(id: 2), CounterState(id: 3)])
    _ = rowsReducer.run(&state, .row(3, .add(1)), AppEnvironment())
    state.rows.remove(id: 1)
    state.rows.append(CounterState(id: 4))
    _ = rowsReducer.run(&state, .row(3, .add(1)), AppEnvironment())
    _ = rowsReducer.run(&state, .row(4, .add(5)), AppEnvironment())
    #expect(
      state.rows == [CounterState(id: 2), CounterState(id: 3, count: 2), CounterState(id: 4, count: 5)])
  }

  @Test func sliceIndicesNeedNotStartAtZero() {
    let all = (0..<6).map { CounterState(id: $0) }
    var state = RowsState(slice: all[3...])
    for _ in 0..<2 {
      _ = rowsReducer.run(&state, .sliceRow(4, .add(1)), AppEnvironment())
      _ = rowsReducer.run(&state, .sliceRow(5, .add(2)), AppEnvironment())
    }
    #expect(state.slice.startIndex == 3)
    #expect(
      Array(state.slice) == [
        CounterState(id: 3), CounterState(id: 4, count: 2), CounterState(id: 5, count: 4),
      ])
    // An id outside the slice (in the array it was cut from) is not in the slice.
    let (_, warnings) = RuntimeWarnings.recording {
      rowsReducer.run(&state, .sliceRow(0, .add(1)), AppEnvironment())
    }
    #expect(warnings.count == 1)
  }

  @Test func anAbsentIDWarnsNamingTheCollectionType() {
    var state = RowsState(rows: [CounterState(id: 1)])
    let (effect, warnings) = RuntimeWarnings.recording {
      rowsReducer.run(&state, .row(7, .increment), AppEnvironment())
    }
    #expect(effect.operations.isEmpty)
    #expect(state.rows == [CounterState(id: 1)])
    #expect(
      warnings == [
        """
        An action was sent to an element that is not in the array.

          Action: RowsAction.row(7, .increment)
          ID: 7
          State: IdentifiedRows<CounterState>

        A reducer made with forEach(state:action:environment:) runs only for elements whose id is in \
        the array, so the action was ignored. To fix: send these actions only for elements in the \
        array (cancel an element's effects before removing it), or combine the element reducer before \
        the reducer that removes elements.
        """
      ])
  }
}
