/// What a ``TestStore``'s nonisolated `deinit` needs to report: the descriptions of the actions
/// not yet received, and whether the test finished.
struct TestStoreLedger: Sendable {
  var unreceived: [String] = []
  var isFinished = false
}
