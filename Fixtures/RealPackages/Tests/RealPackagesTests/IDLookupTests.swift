import ComposableDeps
import DepsTesting
import IdentifiedCollections
import Testing
import TodoModels

// `forEach` finds a row of an `IdentifiedArray` by its id, through `index(id:)` (the conformance
// TodoModels declares), not by a scan: counted by the element ids it reads.

/// How many times a `CountedRow`'s `id` was read.
private let idReads = LockIsolated(0)

private struct CountedRow: Equatable, Identifiable, Sendable {
  let key: Int
  var count = 0

  var id: Int {
    idReads.withValue { $0 += 1 }
    return key
  }
}

private enum CountedAction: Equatable, Sendable { case row(Int, Int) }

private struct CountedState: Equatable, Sendable { var rows: IdentifiedArrayOf<CountedRow> }

private let countedReducer: Reducer<CountedState, CountedAction, Void> =
  Reducer<CountedRow, Int, Void> { row, amount, _ in
    row.count += amount
    return .none
  }
  .forEach(state: \.rows, action: /CountedAction.row, environment: { _ in () })

@Suite(.serialized) struct IDLookupTests {
  /// A scan would read every id before the last row's (10,001 reads); the lookup reads one, the
  /// check `IdentifiedArray`'s own subscript makes that a changed element kept its id.
  @Test func anActionForTheLastOf10000RowsReadsOneID() {
    var state = CountedState(rows: IdentifiedArray(uniqueElements: (0..<10_000).map { CountedRow(key: $0) }))
    idReads.setValue(0)
    _ = countedReducer.run(&state, .row(9_999, 5), ())
    #expect(idReads.value == 1)
    #expect(state.rows[id: 9_999]?.count == 5)
  }

  /// Rows that moved (the first removed) are found where they are now, still with one read each.
  @Test func rowsThatMovedAreFoundByID() {
    var state = CountedState(rows: IdentifiedArray(uniqueElements: (0..<100).map { CountedRow(key: $0) }))
    _ = countedReducer.run(&state, .row(50, 1), ())
    state.rows.remove(id: 0)
    state.rows.append(CountedRow(key: 100))
    idReads.setValue(0)
    _ = countedReducer.run(&state, .row(50, 1), ())
    _ = countedReducer.run(&state, .row(100, 3), ())
    #expect(idReads.value == 2)
    #expect(state.rows[id: 50]?.count == 2)
    #expect(state.rows[id: 100]?.count == 3)
    #expect(state.rows.index(id: 50) == 49)
  }
}
