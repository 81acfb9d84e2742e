/// What a ``TestStore``'s nonisolated `deinit` needs to report: the descriptions of the actions
/// not yet received, whether the test finished, and how exhaustive it is.
struct TestStoreLedger: Sendable {
  var unreceived: [String] = []
  var isFinished = false
  var exhaustivity = Exhaustivity.on
}
