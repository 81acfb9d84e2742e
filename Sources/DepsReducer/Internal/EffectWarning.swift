import DepsCore

enum EffectWarning {
  static func uncaughtError(_ error: any Error, action: String) -> String {
    """
    An effect threw an error that nothing caught.

      Action: \(action)
      Error: \(ValueText.describe(error))

    An error thrown from Effect.run(operation:) ends the effect and is lost. To fix: pass \
    run(operation:catch:) a catch closure that sends an action for the error, or catch it inside \
    the operation.
    """
  }
}
