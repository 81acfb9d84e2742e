import DepsTestSupport
import GlobalDeps
import Testing

// The environment-less `forEach` over an `IdentifiedArray`-like collection.

private struct RowsEnvironment: GlobalEnvironment {}

private struct RowEnvironment: GlobalEnvironment {
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

@Suite struct GlobalForEachCollectionTests {
  @Test func theElementReducerRunsWithAChildMadeWithInit() {
    var rows: IdentifiedRows<Row> = [Row(id: "a"), Row(id: "b")]
    withDependencies {
      $0.int = 7
    } operation: {
      _ = rowsReducer.run(&rows, .row("b", .read), RowsEnvironment())
    }
    withDependencies {
      $0.int = 8
    } operation: {
      _ = rowsReducer.run(&rows, .row("b", .read), RowsEnvironment())
      _ = rowsReducer.run(&rows, .row("a", .read), RowsEnvironment())
    }
    #expect(rows[id: "a"]?.seen == [8])
    #expect(rows[id: "b"]?.seen == [7, 8])
  }
}
