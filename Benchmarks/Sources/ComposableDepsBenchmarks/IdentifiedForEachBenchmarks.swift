import BenchmarkSupport
import ComposableDeps
import IdentifiedCollections

// The conformance an app declares (Docs/MigratingFromTCA.md): `forEach` then finds a row of an
// `IdentifiedArray` with its `index(id:)`.
extension IdentifiedArray: @retroactive IndexedByID {}

private struct Row: Identifiable, Sendable {
  var id: Int
  var count = 0
}
private struct RowsState: Sendable { var rows: IdentifiedArrayOf<Row> }
private enum RowAction: Sendable { case increment }
private enum RowsAction: Sendable { case row(Int, RowAction) }

private final class RowEnvironment: ComposableEnvironment {}
private final class RowsEnvironment: ComposableEnvironment {}

private let rowReducer = Reducer<Row, RowAction, RowEnvironment> { row, _, _ in
  row.count &+= 1
  return .none
}

/// The row reducer over an `IdentifiedArrayOf`, environment-less.
private let identifiedRowsReducer: Reducer<RowsState, RowsAction, RowsEnvironment> = rowReducer.forEach(
  state: \.rows, action: /RowsAction.row)

/// `forEach` over swift-identified-collections' `IdentifiedArrayOf`, as a TCA app keeps its rows.
public enum IdentifiedForEachBenchmarks {
  /// 10 rows, each action for the next row in turn.
  public static let rows10 = "forEach over an IdentifiedArrayOf 10 rows, action for the next row"
  /// 10,000 rows, each action for the next row in turn: rows no action reached before.
  public static let rows10000 = "forEach over an IdentifiedArrayOf 10,000 rows, action for the next row"

  /// The rows.
  public static var all: [Benchmark] {
    let environment = Unchecked(RowsEnvironment())
    func rows(_ name: String, count: Int) -> Benchmark {
      Benchmark("Reducer", name) { n in
        let environment = opaque(environment.value)
        var state = RowsState(rows: IdentifiedArray(uniqueElements: (0..<count).map { Row(id: $0) }))
        // One action per row, sent in order: with 10,000 rows and up to 10,000 runs, each action
        // is the first for its row, so no position remembered from an earlier action helps.
        let actions = opaque((0..<count).map { RowsAction.row($0, .increment) })
        for index in 0..<n { _ = identifiedRowsReducer.run(&state, actions[index % count], environment) }
        blackHole(state.rows[count - 1].count)
      }
    }
    return [rows(rows10, count: 10), rows(rows10000, count: 10_000)]
  }
}
