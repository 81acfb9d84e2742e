import ComposableDeps
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
      issue.comments.map(\.rawValue) == [Self.builtInFailure("\\.uuid", "UUIDGenerator", ".incrementing")]
    }
  }

  nonisolated static func builtInFailure(_ keyPath: String, _ type: String, _ fix: String) -> String {
    """
    \(keyPath) was used in a test that did not override it.

      Dependency: \(type)

    Built-in dependencies have no test value, so that a test never depends on the real \(type). \
    To fix: override it for the test, for example environment.with(\(keyPath), \(fix)), or \
    withDependencies { $0.\(keyPath.dropFirst(2)) = \(fix) } with GlobalDeps.
    """
  }

  @Test func aDateNotOverriddenFailsTheTest() {
    withKnownIssue {
      #expect(ComposableEnvironment().date.now == Date(timeIntervalSince1970: 0))
    } matching: { issue in
      issue.comments.map(\.rawValue)
        == [Self.builtInFailure("\\.date", "DateGenerator", ".constant(Date(timeIntervalSince1970: 0))")]
    }
  }

  @Test func aClockNotOverriddenFailsTheTest() async {
    await withKnownIssue {
      try? await ComposableEnvironment().continuousClock.sleep(for: .seconds(1))
    } matching: { issue in
      issue.comments.map(\.rawValue)
        == [Self.builtInFailure("\\.continuousClock", "any Clock<Duration>", "TestClock()")]
    }
  }
}
