import DepsCore
import DepsReducer
import DepsTestSupport
import Testing

// `forEach` over a collection that conforms to `IndexedByID` asks it for the element's index by
// id instead of remembering positions and scanning, as swift-identified-collections'
// `IdentifiedArray` does once an app declares the conformance (Fixtures/RealPackages tests the
// real one).

/// Rows found by id through `lookup`, which counts the lookups.
private struct LookedUpRows<LookupID: Hashable>: MutableCollection, RandomAccessCollection, IndexedByID {
  var rows: [CounterState]
  let lookup: @Sendable (LookupID, [CounterState]) -> Int?
  let lookups = Locked(0)

  var startIndex: Int { rows.startIndex }
  var endIndex: Int { rows.endIndex }
  subscript(position: Int) -> CounterState {
    get { rows[position] }
    set { rows[position] = newValue }
  }

  func index(id: LookupID) -> Int? {
    lookups.withLock { $0 += 1 }
    return lookup(id, rows)
  }
}

private struct LookedUpState<LookupID: Hashable>: @unchecked Sendable {
  // @unchecked: a test's state, used on one thread.
  var rows: LookedUpRows<LookupID>
}

private enum LookedUpAction: Equatable { case row(Int, CounterAction) }

private func reducer<LookupID: Hashable>(
  _: LookupID.Type
) -> Reducer<LookedUpState<LookupID>, LookedUpAction, AppEnvironment> {
  counterReducer.forEach(state: \.rows, action: /LookedUpAction.row, environment: \.counter)
}

private let threeRows = [CounterState(id: 1), CounterState(id: 2), CounterState(id: 3)]

@Suite struct IndexedByIDTests {
  @Test func eachActionAsksTheCollectionForTheElementByID() {
    var state = LookedUpState(
      rows: LookedUpRows<Int>(rows: threeRows) { id, rows in rows.firstIndex { $0.id == id } })
    let forEach = reducer(Int.self)
    _ = forEach.run(&state, .row(3, .add(2)), AppEnvironment())
    _ = forEach.run(&state, .row(3, .add(2)), AppEnvironment())
    _ = forEach.run(&state, .row(1, .add(1)), AppEnvironment())
    #expect(state.rows.lookups.withLock { $0 } == 3)  // no remembered position replaced one
    #expect(
      state.rows.rows == [CounterState(id: 1, count: 1), CounterState(id: 2), CounterState(id: 3, count: 4)])
  }

  /// The element at the index the collection gives is the one run: `forEach` trusts the
  /// conformance, as it documents.
  @Test func theIndexTheCollectionGivesIsTheElementRun() {
    var state = LookedUpState(rows: LookedUpRows<Int>(rows: threeRows) { _, _ in 0 })
    _ = reducer(Int.self).run(&state, .row(3, .add(5)), AppEnvironment())
    #expect(state.rows.rows == [CounterState(id: 1, count: 5), CounterState(id: 2), CounterState(id: 3)])
  }

  @Test func anIDTheCollectionDoesNotHaveWarnsAsForAnArray() {
    var state = LookedUpState(rows: LookedUpRows<Int>(rows: threeRows) { _, _ in nil })
    let (_, warnings) = RuntimeWarnings.recording {
      reducer(Int.self).run(&state, .row(2, .increment), AppEnvironment())
    }
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix("An action was sent to an element that is not in the array.") == true)
    #expect(state.rows.rows == threeRows)
  }

  /// A collection indexed by ids of another type than the actions' is scanned, never asked.
  @Test func aCollectionOfAnotherIDTypeIsScanned() {
    var state = LookedUpState(rows: LookedUpRows<String>(rows: threeRows) { _, _ in 0 })
    _ = reducer(String.self).run(&state, .row(2, .add(7)), AppEnvironment())
    #expect(state.rows.lookups.withLock { $0 } == 0)
    #expect(state.rows.rows == [CounterState(id: 1), CounterState(id: 2, count: 7), CounterState(id: 3)])
  }
}
