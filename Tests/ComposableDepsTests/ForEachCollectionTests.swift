import ComposableDeps
import DepsTestSupport
import Testing

// The environment-less `forEach` over an `IdentifiedArray`-like collection.

private final class RowsEnvironment: ComposableEnvironment {}

private final class RowEnvironment: ComposableEnvironment {
  @Dependency(\.int) var int
}

private struct Row: Equatable, Identifiable, Sendable {
  var id: String
  var seen: [Int] = []
}

private enum RowAction: Equatable, Sendable { case read }

private enum RowsAction: Equatable, Sendable { case row(String, RowAction) }

private let rowReducer = Reducer<Row, RowAction, RowEnvironment> { state, _, environment in
  state.seen.append(environment.int)
  return .none
}

// A file-scope reducer over the collection compiles in Swift 6 mode.
private let rowsReducer: Reducer<IdentifiedRows<Row>, RowsAction, RowsEnvironment> =
  rowReducer.forEach(state: \.self, action: /RowsAction.row)

@Suite struct ComposableForEachCollectionTests {
  @Test func theElementReducerRunsWithTheDerivedChild() {
    let environment = RowsEnvironment().with(\.int, 7)
    var rows: IdentifiedRows<Row> = [Row(id: "a"), Row(id: "b")]
    _ = rowsReducer.run(&rows, .row("b", .read), environment)
    environment.with(\.int, 8)
    _ = rowsReducer.run(&rows, .row("b", .read), environment)
    _ = rowsReducer.run(&rows, .row("a", .read), environment)
    #expect(rows[id: "a"]?.seen == [8])
    #expect(rows[id: "b"]?.seen == [7, 8])
  }
}
