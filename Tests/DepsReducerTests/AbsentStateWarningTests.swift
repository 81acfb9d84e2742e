import DepsCore
import DepsReducer
import Testing

@Suite struct AbsentStateWarningTests {
  @Test func optionalStateThatIsNil() {
    var state = AppState()
    let (effect, warnings) = RuntimeWarnings.recording {
      appReducer.run(&state, .optionalCounter(.increment), AppEnvironment())
    }
    #expect(state == AppState())
    #expect(effect.operations.isEmpty)
    #expect(
      warnings == [
        """
        An action was sent to optional state that is nil.

          Action: CounterAction.increment
          State: Optional<CounterState>

        A reducer made with optional() runs only while its state is non-nil, so the action was \
        ignored. To fix: send these actions only while the state is non-nil (cancel the child's \
        effects before setting it to nil), or combine the child reducer before the reducer that \
        sets the state to nil.
        """
      ])
  }

  @Test func enumStateInAnotherCase() {
    var state = Screen.empty
    let reducer = counterReducer.pullback(
      state: /Screen.counter, action: /AppAction.screen, environment: \AppEnvironment.counter)
    let (_, warnings) = RuntimeWarnings.recording {
      reducer.run(&state, .screen(.add(2)), AppEnvironment())
    }
    #expect(state == .empty)
    #expect(
      warnings == [
        """
        An action was sent to enum state that is in another case.

          Action: AppAction.screen(.add(2))
          State: Screen.empty
          Expected a case holding: CounterState

        A reducer made with pullback(state: /Enum.case, ...) runs only while the state is in that \
        case, so the action was ignored. To fix: send these actions only while the state is in \
        that case (cancel the child's effects before leaving it), or combine the child reducer \
        before the reducer that changes the case.
        """
      ])
  }

  @Test func arrayElementThatIsMissing() {
    var state = AppState(counters: [CounterState(id: 1)])
    let (_, warnings) = RuntimeWarnings.recording {
      appReducer.run(&state, .counters(7, .increment), AppEnvironment())
    }
    #expect(state.counters == [CounterState(id: 1)])
    #expect(
      warnings == [
        """
        An action was sent to an element that is not in the array.

          Action: AppAction.counters(7, .increment)
          ID: 7
          State: Array<CounterState>

        A reducer made with forEach(state:action:environment:) runs only for elements whose id is \
        in the array, so the action was ignored. To fix: send these actions only for elements in \
        the array (cancel an element's effects before removing it), or combine the element \
        reducer before the reducer that removes elements.
        """
      ])
  }

  @Test func dictionaryKeyThatIsMissing() {
    var state = AppState()
    let (_, warnings) = RuntimeWarnings.recording {
      appReducer.run(&state, .countersByName("gone", .increment), AppEnvironment())
    }
    #expect(state == AppState())
    #expect(
      warnings == [
        """
        An action was sent to a key that is not in the dictionary.

          Action: AppAction.countersByName("gone", .increment)
          Key: "gone"
          State: Dictionary<String, CounterState>

        A reducer made with forEach(state:action:environment:) runs only for keys that are in the \
        dictionary, so the action was ignored. To fix: send these actions only for keys in the \
        dictionary (cancel a value's effects before removing its key), or combine the value \
        reducer before the reducer that removes keys.
        """
      ])
  }

  @Test func repeatedWarningsReachRecordersEveryTime() {
    var state = AppState()
    let (_, warnings) = RuntimeWarnings.recording {
      _ = appReducer.run(&state, .optionalCounter(.increment), AppEnvironment())
      _ = appReducer.run(&state, .optionalCounter(.increment), AppEnvironment())
    }
    #expect(warnings.count == 2)
  }

  @Test func presentStateGivesNoWarning() {
    var state = AppState(counters: [CounterState(id: 1)])
    let (_, warnings) = RuntimeWarnings.recording {
      appReducer.run(&state, .counters(1, .increment), AppEnvironment())
    }
    #expect(warnings.isEmpty)
  }
}

@Suite struct WarningSiteTests {
  @Test func oneSiteWarnsOnceWhateverTheActionValues() {
    var state = AppState()
    func sites() -> Int {
      RuntimeWarnings.loggedKeys.filter {
        $0.contains("Reducer+Optional") && $0.contains("DepsReducerTests.CounterAction")
      }.count
    }
    let before = sites()
    let (_, warnings) = RuntimeWarnings.recording {
      for amount in 0..<200 {
        _ = appReducer.run(&state, .optionalCounter(.add(amount)), AppEnvironment())
      }
    }
    // Every warning is recorded, but the set of logged sites of optional() grows by one at most:
    // the action values the messages show are not part of the key.
    #expect(warnings.count == 200)
    #expect(sites() - before <= 1)
  }
}
