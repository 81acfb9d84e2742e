import BenchmarkSupport
import ComposableDeps

private enum StepKey: DependencyKey { static let defaultValue = 1 }

extension Dependencies {
  fileprivate var step: Int {
    get { self[StepKey.self] }
    set { self[StepKey.self] = newValue }
  }
}

private struct State0: Sendable { var count = 0 }
private struct State1: Sendable { var child = State0() }
private struct State2: Sendable { var child = State1() }
private struct State3: Sendable { var child = State2() }
private struct State4: Sendable { var child = State3() }

private enum Action0: Sendable { case increment }
private enum Action1: Sendable { case child(Action0) }
private enum Action2: Sendable { case child(Action1) }
private enum Action3: Sendable { case child(Action2) }
private enum Action4: Sendable { case child(Action3) }

private final class Environment0: ComposableEnvironment {
  @Dependency(\.step) var step
}
private final class Environment1: ComposableEnvironment {
  @Derived var child: Environment0
}
private final class Environment2: ComposableEnvironment {
  @Derived var child: Environment1
}
private final class Environment3: ComposableEnvironment {
  @Derived var child: Environment2
}
private final class Environment4: ComposableEnvironment {
  @Derived var child: Environment3
}

/// A leaf reducer that reads one dependency, as features do.
private let reducer0 = Reducer<State0, Action0, Environment0> { state, _, environment in
  state.count &+= environment.step
  return .none
}

/// The leaf behind four environment-less pullbacks: each level derives its child environment.
private let reducer4: Reducer<State4, Action4, Environment4> =
  reducer0
  .pullback(state: \State1.child, action: /Action1.child)
  .pullback(state: \State2.child, action: /Action2.child)
  .pullback(state: \State3.child, action: /Action3.child)
  .pullback(state: \State4.child, action: /Action4.child) as Reducer<State4, Action4, Environment4>

private let handWritten1 = CasePath<Action1, Action0>(
  embed: Action1.child, extract: { if case .child(let a) = $0 { a } else { nil } })
private let handWritten2 = CasePath<Action2, Action1>(
  embed: Action2.child, extract: { if case .child(let a) = $0 { a } else { nil } })
private let handWritten3 = CasePath<Action3, Action2>(
  embed: Action3.child, extract: { if case .child(let a) = $0 { a } else { nil } })
private let handWritten4 = CasePath<Action4, Action3>(
  embed: Action4.child, extract: { if case .child(let a) = $0 { a } else { nil } })

/// The same four levels written by hand: `environment:` closures and `CasePath(embed:extract:)`.
private let handWrittenReducer4: Reducer<State4, Action4, Environment4> =
  reducer0
  .pullback(
    state: \State1.child,
    action: handWritten1,
    environment: { (parent: Environment1) in parent.child }
  )
  .pullback(
    state: \State2.child,
    action: handWritten2,
    environment: { (parent: Environment2) in parent.child }
  )
  .pullback(
    state: \State3.child,
    action: handWritten3,
    environment: { (parent: Environment3) in parent.child }
  )
  .pullback(
    state: \State4.child,
    action: handWritten4,
    environment: { (parent: Environment4) in parent.child }
  )

/// The same routing with the environment passed through unchanged: what the pullbacks themselves
/// cost, without deriving environments.
private let routing4: Reducer<State4, Action4, Environment0> =
  reducer0
  .pullback(
    state: \State1.child,
    action: handWritten1,
    environment: { $0 }
  )
  .pullback(
    state: \State2.child,
    action: handWritten2,
    environment: { $0 }
  )
  .pullback(
    state: \State3.child,
    action: handWritten3,
    environment: { $0 }
  )
  .pullback(
    state: \State4.child,
    action: handWritten4,
    environment: { $0 }
  )

private struct Row: Identifiable, Sendable {
  var id: Int
  var state = State0()
}
private struct Rows<Collection: Sendable>: Sendable { var rows: Collection }
private enum RowsAction: Sendable { case row(Int, Action0) }

/// The leaf over an array of rows, environment-less.
private let rowsReducer: Reducer<Rows<[Row]>, RowsAction, Environment1> = reducer0.pullback(
  state: \Row.state, action: /Action0.self
)
.forEach(state: \Rows<[Row]>.rows, action: /RowsAction.row)

/// The leaf over an array slice of rows, a collection other than `Array` whose indices do not start
/// at 0: `forEach`'s generic path over a `MutableCollection & RandomAccessCollection`.
private let sliceRowsReducer: Reducer<Rows<ArraySlice<Row>>, RowsAction, Environment1> = reducer0.pullback(
  state: \Row.state, action: /Action0.self
)
.forEach(state: \Rows<ArraySlice<Row>>.rows, action: /RowsAction.row)

/// Rows for reducers: one run directly, through four pullbacks, and `forEach` over many rows.
public enum ReducerBenchmarks {
  /// The leaf reducer run directly.
  public static let leaf = "reducer run directly (reads 1 dependency)"
  /// Four environment-less pullbacks.
  public static let environmentLess = "same reducer through 4 environment-less pullbacks"
  /// Four hand-written pullbacks.
  public static let handWritten = "same, 4 hand-written environment: / CasePath(embed:extract:)"
  /// Four hand-written pullbacks that pass the environment through.
  public static let routing = "same, hand-written, environment passed through ({ $0 })"
  /// `forEach` over 10 rows, an action for the last.
  public static let forEach10 = "forEach over 10 rows, action for the last row"
  /// `forEach` over 1,000 rows, an action for the last.
  public static let forEach1000 = "forEach over 1,000 rows, action for the last row"
  /// `forEach` over an `ArraySlice` of 10 rows, an action for the last.
  public static let forEachSlice10 = "forEach over an ArraySlice of 10 rows, action for the last row"
  /// `forEach` over an `ArraySlice` of 1,000 rows, an action for the last.
  public static let forEachSlice1000 = "forEach over an ArraySlice of 1,000 rows, action for the last row"

  /// The reducer rows.
  public static var all: [Benchmark] {
    let environment0 = Unchecked(Environment0())
    let environment4 = Unchecked(Environment4().with(\.step, 1))
    let rowsEnvironment = Unchecked(Environment1().with(\.step, 1))
    func forEach<Collection: RandomAccessCollection & Sendable>(
      _ name: String, _ reducer: Reducer<Rows<Collection>, RowsAction, Environment1>,
      rows: Collection
    ) -> Benchmark where Collection.Element == Row {
      Benchmark("Reducer", name) { n in
        let environment = opaque(rowsEnvironment.value)
        var state = Rows(rows: rows)
        let action = opaque(RowsAction.row(rows.last!.id, .increment))
        for _ in 0..<n { _ = reducer.run(&state, action, environment) }
        blackHole(state.rows.last!.state.count)
      }
    }
    func rows(_ count: Int) -> [Row] { (0..<count).map { Row(id: $0) } }
    func fourLevels<Environment>(
      _ name: String, _ reducer: Reducer<State4, Action4, Environment>,
      _ environment: Unchecked<Environment>
    ) -> Benchmark {
      Benchmark("Reducer", name) { n in
        let environment = opaque(environment.value)
        var state = State4()
        let action = opaque(Action4.child(.child(.child(.child(.increment)))))
        for _ in 0..<n { _ = reducer.run(&state, action, environment) }
        blackHole(state.child.child.child.child.count)
      }
    }
    return [
      Benchmark("Reducer", leaf) { n in
        let environment = opaque(environment0.value)
        var state = State0()
        for _ in 0..<n { _ = reducer0.run(&state, .increment, environment) }
        blackHole(state.count)
      },
      fourLevels(environmentLess, reducer4, environment4),
      fourLevels(handWritten, handWrittenReducer4, environment4),
      fourLevels(routing, routing4, environment0),
      forEach(forEach10, rowsReducer, rows: rows(10)),
      forEach(forEach1000, rowsReducer, rows: rows(1_000)),
      // Slices of a longer array: their first index is 5, not 0.
      forEach(forEachSlice10, sliceRowsReducer, rows: rows(15)[5...]),
      forEach(forEachSlice1000, sliceRowsReducer, rows: rows(1_005)[5...]),
    ]
  }
}
