/// What a ``TestStore`` tracks besides its state: actions from effects waiting to be received,
/// running effects, and whether the test finished.
///
/// Outside `TestStore` (not nested in it) so that effects can reach it without capturing the
/// store's `State` type, whose `Equatable` conformance would make their closures non-Sendable.
struct TestStoreLedger<Action> {
  var received: [Action] = []
  var isFinished = false
}

// @unchecked: the ledger lives in a `Locked`, so effects on other threads reach it only under the
// lock; actions need not be `Sendable` (as in `Store`), so this cannot be inferred.
extension TestStoreLedger: @unchecked Sendable {}
