import DepsCore

extension CasePath {
  /// Changes the value in `root` in place; throws when `root` is in another case.
  ///
  /// swift-case-paths' `modify(_:_:)`, which TCA 0.40 re-exported: how a test describes the change
  /// of an enum state, as in `try (/AppState.game).modify(&$0) { $0.moves = 2 }`. The error names
  /// the case path and the root: "CasePath.modify: /GameState.game does not match GameState.login(…)".
  ///
  /// - Returns: What `body` returns.
  public func modify<Result>(
    _ root: inout Root, _ body: (inout Value) throws -> Result
  ) throws -> Result {
    guard var value = extract(from: root) else {
      throw CaseMismatch(casePath: writtenForm, root: ValueText.describe(root))
    }
    let result = try body(&value)
    root = embed(value)
    return result
  }
}

private struct CaseMismatch: Error, CustomStringConvertible {
  let casePath: String
  let root: String

  var description: String { "CasePath.modify: \(casePath) does not match \(root)" }
}
