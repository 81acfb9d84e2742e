import ComposableDeps
import Testing

/// A client whose key declares only a `defaultValue`.
private struct NumberClient: Sendable {
  var fetch: @Sendable () -> Int
}

private enum NumberClientKey: DependencyKey {
  static let defaultValue = NumberClient { 42 }
}

extension Dependencies {
  fileprivate var numberClient: NumberClient {
    get { self[NumberClientKey.self] }
    set { self[NumberClientKey.self] = newValue }
  }
}

private final class NumberEnvironment: ComposableEnvironment {
  @Dependency(\.numberClient) var numberClient
}

/// Setting part of a dependency through a key path (`with(\.numberClient.fetch, …)`) reads the
/// dependency to change it: the test takes charge of it, and no missing test value is reported.
@Suite struct ComposablePartialOverrideTests {
  @Test func overridingAPropertyOfADependencyReportsNothing() {
    let environment = NumberEnvironment().with(\.numberClient.fetch, { 1_729 })
    #expect(environment.numberClient.fetch() == 1_729)
  }
}
