// A scripted session of the example app: sends actions to a `Store`, as a user would by tapping,
// and prints each action with the state changes it made. What it prints comes from observing the
// store (`store.states`), as a UI would, not from reading the state after each send. Run it with
// `swift run Example`.
import ComposableDeps
import ExampleFeatures
import Foundation

// The live services: no `with(...)` on the root, so the root builds the number fact client (and
// opens its cache) for the first fact, and closes it when it shuts down. Only the demo pane (a
// `@Derived` subtree of `AppEnvironment`) sets its own number fact client. The reducer only
// records which action it handled, so the observer below can name the action behind each state
// it sees.
let actions = HandledActions()
let environment = AppEnvironment()
let store = Store(
  initialState: AppState(), reducer: appReducer.recordingActions(into: actions),
  environment: environment)

// The observer: one state arrives per action handled, in order; it prints the action and the
// changes between the state before and after it.
let observer = StateObserver()
Task { @MainActor in
  let printer = ChangePrinter()
  var states = store.states.makeAsyncIterator()
  guard var previous = await states.next() else { return }
  observer.didSubscribe()
  while let state = await states.next() {
    printer.printChange(action: actions.take(), from: previous, to: state)
    previous = state
    observer.didPrint()
  }
}

/// Waits until the store's state satisfies `condition` and the observer printed every state so
/// far: effects deliver their actions on the main actor, which is free while this function
/// sleeps. Exits with an error after two seconds.
@MainActor func waitUntil(_ what: String, _ condition: (AppState) -> Bool = { _ in true }) async {
  let deadline = ContinuousClock.now + .seconds(2)
  while !condition(store.state) || !observer.isSubscribed || observer.printed < actions.handled {
    guard ContinuousClock.now < deadline else {
      print("error: timed out waiting for \(what)")
      exit(1)
    }
    try? await Task.sleep(for: .milliseconds(1))
  }
}

/// Prints a section title once everything before it was printed.
@MainActor func section(_ title: String) async {
  await waitUntil("the observer")
  print(title)
}

await section("# Counter: facts from the live client, computed on the device")
store.send(.counter(.incrementButtonTapped))
store.send(.counter(.incrementButtonTapped))
store.send(.counter(.factButtonTapped))
await waitUntil("the counter's fact") { !$0.counter.isLoadingFact }

await section("\n# Todos: identifiers and dates come from dependencies")
store.send(.todos(.addButtonTapped))
let milk = store.state.todos.todos[0].id
store.send(.todos(.todo(id: milk, action: .titleChanged("Buy milk"))))
store.send(.todos(.addButtonTapped))
let dog = store.state.todos.todos[0].id
store.send(.todos(.todo(id: dog, action: .titleChanged("Walk the dog"))))
store.send(.todos(.todo(id: milk, action: .checkboxTapped)))
store.send(.todos(.clearCompletedButtonTapped))

await section("\n# Search: debounced while typing; a newer query cancels the older search")
store.send(.search(.queryChanged("s")))
store.send(.search(.queryChanged("sw")))
store.send(.search(.queryChanged("swi")))
await waitUntil("the search results") { !$0.search.isSearching }

await section("\n# Settings and demo mode: a subtree of the environment runs on a mock client")
store.send(.settings(.appearancePicked(.dark)))
store.send(.settings(.demoModeToggled))
store.send(.demo(.incrementButtonTapped))
store.send(.demo(.factButtonTapped))
await waitUntil("the demo pane's fact") { $0.demo?.isLoadingFact == false }
store.send(.counter(.incrementButtonTapped))
store.send(.counter(.factButtonTapped))
await waitUntil("the counter's fact") { !$0.counter.isLoadingFact }
store.send(.settings(.demoModeToggled))
await waitUntil("the last changes")

await section("\n# Shutdown: the root environment closes what its dependencies opened")
let cache = try await environment.numberFact.value.cache
print("number fact cache: \(await cache?.count ?? 0) facts, open: \(await cache?.isOpen ?? false)")
await environment.shutdown()
print("after shutdown(): \(await cache?.count ?? 0) facts, open: \(await cache?.isOpen ?? false)")
