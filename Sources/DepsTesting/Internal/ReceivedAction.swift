/// An action an effect sent, with the reducer's state before and after it, waiting for `receive`.
struct ReceivedAction<Action, State> {
  var action: Action
  var before: State
  var after: State
  /// Whether a `send` came after it while it was unreceived: the test's state is then ahead of it.
  var isOvertaken = false
}
