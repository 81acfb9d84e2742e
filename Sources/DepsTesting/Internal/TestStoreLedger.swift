struct TestStoreLedger: Sendable {
  var unreceived: [String] = []
  var isFinished = false
  var exhaustivity = Exhaustivity.on
}
