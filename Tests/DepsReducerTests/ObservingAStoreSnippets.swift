import DepsReducer
import Observation

// The code of Docs/ObservingAStore.md, compiled so the docs cannot rot.

@MainActor
func printCounts(of store: Store<CounterState, CounterAction, CounterEnvironment>) -> Task<
  Void, Never
> {
  Task {
    for await state in store.states {
      print("count:", state.count)
    }
  }
}

@MainActor
func observeOnce(_ store: Store<CounterState, CounterAction, CounterEnvironment>) {
  withObservationTracking {
    _ = store.state.count
  } onChange: {
    print("the count will change")
  }
}

#if canImport(SwiftUI)
  import SwiftUI

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  struct CounterView: View {
    let store: Store<CounterState, CounterAction, CounterEnvironment>

    var body: some View {
      Button("Count: \(store.state.count)") { store.send(.increment) }
    }
  }
#endif
