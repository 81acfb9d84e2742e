import DepsTesting
import ExampleFeatures
import Foundation
import Testing

@MainActor
@Suite struct AppFeatureTests {
  /// A client that says where its facts come from, to tell the root's client from the demo's.
  static let rootClient = NumberFactClient { number in "\(number) is from the root." }

  @Test func theCounterTabUsesTheClientSetOnTheRoot() async {
    let store = TestStore(
      initialState: AppState(), reducer: appReducer,
      environment: AppEnvironment().with(\.numberFact, .value(Self.rootClient)))
    await store.send(.counter(.incrementButtonTapped)) { $0.counter.count = 1 }
    await store.send(.counter(.factButtonTapped)) { $0.counter.isLoadingFact = true }
    await store.receive(.counter(.factResponse("1 is from the root."))) {
      $0.counter.isLoadingFact = false
      $0.counter.fact = "1 is from the root."
    }
    await store.finish()
  }

  @Test func theDemoPaneKeepsItsMockWhateverTheRootSets() async {
    let store = TestStore(
      initialState: AppState(), reducer: appReducer,
      environment: AppEnvironment().with(\.numberFact, .value(Self.rootClient)))
    await store.send(.settings(.demoModeToggled)) {
      $0.settings.isDemoModeOn = true
      $0.demo = CounterState()
    }
    await store.send(.demo(.factButtonTapped)) { $0.demo?.isLoadingFact = true }
    await store.receive(.demo(.factResponse("0 is a mock number."))) {
      $0.demo?.isLoadingFact = false
      $0.demo?.fact = "0 is a mock number."
    }
    await store.send(.settings(.demoModeToggled)) {
      $0.settings.isDemoModeOn = false
      $0.demo = nil
    }
    await store.finish()
  }

  @Test func theTodoTabUsesTheServicesSetOnTheRoot() async {
    let store = TestStore(
      initialState: AppState(), reducer: appReducer,
      environment: AppEnvironment().with(\.uuid, .incrementing))
    await store.send(.todos(.addButtonTapped)) { $0.todos.todos = [Todo(id: UUID(0))] }
    await store.finish()
  }
}
