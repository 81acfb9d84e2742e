@testable import GlobalDeps

/// Runs `body` as a test other than the running one would: with a running test's node of its own,
/// which builds its own defaults (what the next test, or another case, gets).
func asAnotherTest<R>(_ body: () throws -> R) rethrows -> R {
  try Scopes.withCurrent(TestScopes.makeNode(name: "another test"), operation: body)
}
