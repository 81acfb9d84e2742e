import DepsCore
import DepsReducer
import Testing

@Suite struct ReducerTests {
  @Test func runChangesStateInPlace() {
    var state = CounterState()
    _ = counterReducer.run(&state, .increment, CounterEnvironment(step: 3))
    #expect(state.count == 3)
  }

  @Test func emptyChangesNothing() {
    var state = CounterState(count: 7)
    let effect = Reducer<CounterState, CounterAction, CounterEnvironment>.empty
      .run(&state, .increment, CounterEnvironment())
    #expect(state.count == 7)
    #expect(effect.operations.isEmpty)
  }

  @Test func combineRunsReducersInOrderOnTheStateLeftByEarlierOnes() {
    let append = { (letter: String) in
      Reducer<[String], Void, Void> { state, _, _ in
        state.append(letter + String(state.count))
        return .send(())
      }
    }
    var state: [String] = []
    let effect = Reducer.combine(append("a"), append("b"), append("c")).run(&state, (), ())
    #expect(state == ["a0", "b1", "c2"])
    #expect(effect.operations.count == 3)

    var arrayState: [String] = []
    _ = Reducer.combine([append("x"), append("y")]).run(&arrayState, (), ())
    #expect(arrayState == ["x0", "y1"])

    var pairState: [String] = []
    _ = append("p").combined(with: append("q")).run(&pairState, (), ())
    #expect(pairState == ["p0", "q1"])
  }

  @Test func keyPathPullbackRunsOnlyForChildActions() {
    var state = AppState()
    _ = appReducer.run(&state, .counter(.increment), AppEnvironment())
    #expect(state.counter.count == 10)
    _ = appReducer.run(&state, .logged("hi"), AppEnvironment())
    #expect(state.counter.count == 10)
    #expect(state.log == ["hi"])
  }

  @Test func pullbackMapsChildEffectsToParentActions() async {
    var state = AppState()
    let effect = appReducer.run(&state, .counter(.delayedIncrement), AppEnvironment())
    #expect(await collectActions(effect) == [.counter(.increment)])
  }

  @Test func casePathPullbackRunsWhileInTheCase() {
    var state = AppState(screen: .counter(CounterState(count: 1)))
    _ = appReducer.run(&state, .screen(.add(5)), AppEnvironment())
    #expect(state.screen == .counter(CounterState(count: 6)))
  }

  @Test func optionalRunsWhileNonNil() {
    var state = AppState(optionalCounter: CounterState(count: 2))
    _ = appReducer.run(&state, .optionalCounter(.increment), AppEnvironment())
    #expect(state.optionalCounter?.count == 12)
  }

  @Test func forEachOverArrayRunsOnTheElementWithTheID() {
    var state = AppState(counters: [CounterState(id: 1), CounterState(id: 2)])
    _ = appReducer.run(&state, .counters(2, .add(4)), AppEnvironment())
    #expect(state.counters == [CounterState(id: 1), CounterState(id: 2, count: 4)])
  }

  @Test func forEachOverArrayMapsEffectsWithTheID() async {
    var state = AppState(counters: [CounterState(id: 1)])
    let effect = appReducer.run(&state, .counters(1, .delayedIncrement), AppEnvironment())
    #expect(await collectActions(effect) == [.counters(1, .increment)])
  }

  @Test func forEachOverDictionaryRunsOnTheValueAtTheKey() async {
    var state = AppState(countersByName: ["a": CounterState(), "b": CounterState()])
    _ = appReducer.run(&state, .countersByName("b", .add(3)), AppEnvironment())
    #expect(state.countersByName == ["a": CounterState(), "b": CounterState(count: 3)])
    let effect = appReducer.run(&state, .countersByName("a", .delayedIncrement), AppEnvironment())
    #expect(await collectActions(effect) == [.countersByName("a", .increment)])
  }

  @Test func environmentClosuresDeriveTheChildEnvironment() {
    let derived = counterReducer.pullback(
      state: \AppState.counter, action: /AppAction.counter,
      environment: { (step: Int) in CounterEnvironment(step: step) })
    var state = AppState()
    _ = derived.run(&state, .counter(.increment), 4)
    #expect(state.counter.count == 4)

    let perElement = counterReducer.forEach(
      state: \AppState.counters, action: /AppAction.counters,
      environment: { (step: Int) in CounterEnvironment(step: step) })
    state.counters = [CounterState(id: 9)]
    _ = perElement.run(&state, .counters(9, .increment), 2)
    #expect(state.counters.first?.count == 2)

    let perKey = counterReducer.forEach(
      state: \AppState.countersByName, action: /AppAction.countersByName,
      environment: { (step: Int) in CounterEnvironment(step: step) })
    state.countersByName = ["k": CounterState()]
    _ = perKey.run(&state, .countersByName("k", .increment), 5)
    #expect(state.countersByName["k"]?.count == 5)

    let perCase = counterReducer.pullback(
      state: /Screen.counter, action: /AppAction.screen,
      environment: { (step: Int) in CounterEnvironment(step: step) })
    var screen = Screen.counter(CounterState())
    _ = perCase.run(&screen, .screen(.increment), 6)
    #expect(screen == .counter(CounterState(count: 6)))
  }
}

/// Runs `effect` on a bare effect runtime until it ended and returns the actions it sent, in order.
@MainActor
func collectActions<Action: Sendable>(_ effect: Effect<Action>) async -> [Action] {
  let collected = Locked<[Action]>([])
  let runtime = EffectRuntime()
  var group: EffectGroup?
  runtime.start(
    effect, group: &group, origin: DescribedOrigin("collectActions"),
    send: Send { action, _ in collected.withLock { $0.append(action) } },
    sendNow: { action, _ in collected.withLock { $0.append(action) } })
  await group?.finish()
  return collected.withLock { $0 }
}

actor ActionLog<Action: Sendable> {
  var actions: [Action] = []
  func append(_ action: Action) { actions.append(action) }
}
