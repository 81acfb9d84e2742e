// The names the doc-comment examples of test code use without declaring them.

@MainActor var store: TestStore<FeatureState, FeatureAction, FeatureEnvironmentForEffects> {
  fatalError()
}
@MainActor var clock: TestClock { TestClock() }
let items = ["a", "b"]
@MainActor let env = AppEnvironment()
let fetch: @Sendable (Int) async throws -> String = { "\($0)" }
