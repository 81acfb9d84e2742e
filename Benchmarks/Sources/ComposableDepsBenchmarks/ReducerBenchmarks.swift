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
private final class Environment1: ComposableEnvironment {}
private final class Environment2: ComposableEnvironment {}
private final class Environment3: ComposableEnvironment {}
private final class Environment4: ComposableEnvironment {}

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

/// Rows for reducers: one run directly, one through four environment-less pullbacks.
public enum ReducerBenchmarks {
  /// The reducer rows.
  public static var all: [Benchmark] {
    let environment0 = Unchecked(Environment0())
    let environment4 = Unchecked(Environment4().with(\.step, 1))
    return [
      Benchmark("Reducer", "reducer run directly (reads 1 dependency)") { n in
        let environment = opaque(environment0.value)
        var state = State0()
        for _ in 0..<n { _ = reducer0.run(&state, .increment, environment) }
        blackHole(state.count)
      },
      Benchmark("Reducer", "same reducer through 4 environment-less pullbacks") { n in
        let environment = opaque(environment4.value)
        var state = State4()
        let action = opaque(Action4.child(.child(.child(.child(.increment)))))
        for _ in 0..<n { _ = reducer4.run(&state, action, environment) }
        blackHole(state.child.child.child.child.count)
      },
    ]
  }
}
