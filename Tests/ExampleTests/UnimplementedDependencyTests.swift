import DepsTesting
import ExampleFeatures
import Foundation
import Testing

/// A test that forgets to override a service fails, naming the endpoint it reached: in tests, a
/// dependency nobody overrode is its `testValue`, built with `unimplemented`.
@MainActor
@Suite struct UnimplementedDependencyTests {
  nonisolated static let fetchFailure = """
    Unimplemented: NumberFactClient.fetch was called.

    An endpoint built with unimplemented(_:) stands for code that must not run: a test that \
    reaches it must override the dependency it belongs to. To fix: give the test an \
    implementation, e.g. env.with(\\.yourDependency, mock) or \
    withDependencies { $0.yourDependency = mock } operation: { ... }.
    """

  @Test func aNumberFactClientNotOverriddenFailsTheTest() async {
    await withKnownIssue {
      let store = TestStore(
        initialState: CounterState(count: 7), reducer: counterReducer,
        environment: CounterEnvironment())
      await store.send(.factButtonTapped) { $0.isLoadingFact = true }
      // The unimplemented endpoint returns its placeholder, "", after failing the test.
      await store.receive(.factResponse("")) {
        $0.isLoadingFact = false
        $0.fact = ""
      }
      await store.finish()
    } matching: { issue in
      issue.comments.map(\.rawValue) == [Self.fetchFailure]
    }
  }

  @Test func aUUIDGeneratorNotOverriddenFailsTheTest() async {
    await withKnownIssue {
      let store = TestStore(
        initialState: TodosState(), reducer: todosReducer, environment: TodosEnvironment())
      await store.send(.addButtonTapped) { $0.todos = [Todo(id: UUID(0))] }
      await store.finish()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("Unimplemented: UUIDGenerator was called.") }
    }
  }
}
