// A scripted session of the example app: sends actions to a `Store`, as a user would by tapping,
// and prints each action with the state changes it made. Run it with `swift run Example`.
import ComposableDeps
import ExampleFeatures
import Foundation

// The live services: no `with(...)` on the root. Only the demo pane (a `@Derived` subtree of
// `AppEnvironment`) sets its own number fact client.
let store = Store(
  initialState: AppState(), reducer: appReducer.printingChanges(), environment: AppEnvironment())

/// Waits until the store's state satisfies `condition`: effects deliver their actions on the main
/// actor, which is free while this function sleeps. Exits with an error after two seconds.
@MainActor func waitUntil(_ what: String, _ condition: (AppState) -> Bool) async {
  let deadline = ContinuousClock.now + .seconds(2)
  while !condition(store.state) {
    guard ContinuousClock.now < deadline else {
      print("error: timed out waiting for \(what)")
      exit(1)
    }
    try? await Task.sleep(for: .milliseconds(1))
  }
}

print("# Counter: facts from the live client, computed on the device")
store.send(.counter(.incrementButtonTapped))
store.send(.counter(.incrementButtonTapped))
store.send(.counter(.factButtonTapped))
await waitUntil("the counter's fact") { !$0.counter.isLoadingFact }

print("\n# Todos: identifiers and dates come from dependencies")
store.send(.todos(.addButtonTapped))
let milk = store.state.todos.todos[0].id
store.send(.todos(.todo(id: milk, action: .titleChanged("Buy milk"))))
store.send(.todos(.addButtonTapped))
let dog = store.state.todos.todos[0].id
store.send(.todos(.todo(id: dog, action: .titleChanged("Walk the dog"))))
store.send(.todos(.todo(id: milk, action: .checkboxTapped)))
store.send(.todos(.clearCompletedButtonTapped))

print("\n# Search: debounced while typing; a newer query cancels the older search")
store.send(.search(.queryChanged("s")))
store.send(.search(.queryChanged("sw")))
store.send(.search(.queryChanged("swi")))
await waitUntil("the search results") { !$0.search.isSearching }

print("\n# Settings and demo mode: a subtree of the environment runs on a mock client")
store.send(.settings(.appearancePicked(.dark)))
store.send(.settings(.demoModeToggled))
store.send(.demo(.incrementButtonTapped))
store.send(.demo(.factButtonTapped))
await waitUntil("the demo pane's fact") { $0.demo?.isLoadingFact == false }
store.send(.counter(.incrementButtonTapped))
store.send(.counter(.factButtonTapped))
await waitUntil("the counter's fact") { !$0.counter.isLoadingFact }
store.send(.settings(.demoModeToggled))
