import DepsCore

extension CasePath {
  /// Changes the value in `root` in place, when `root` is in this path's case; throws when it is
  /// in another case.
  ///
  /// swift-case-paths' `modify(_:_:)`, which TCA 0.40 re-exported: the usual way for a test to
  /// describe the change of an enum state.
  ///
  /// ```swift
  /// enum GameState: Equatable { case login(String), game(moves: Int) }
  ///
  /// var state = GameState.game(moves: 1)
  /// try (/GameState.game).modify(&state) { $0 += 1 }   // .game(moves: 2)
  /// ```
  ///
  /// In a test, inside a `TestStore` assertion: `try (/AppState.game).modify(&$0) { $0.moves = 2 }`.
  ///
  /// The error thrown for a root in another case names the case path and the root as a user
  /// writes them: "CasePath.modify: /GameState.game does not match GameState.login(…)".
  ///
  /// - Parameters:
  ///   - root: The root whose value to change.
  ///   - body: Changes the value.
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

/// The error `CasePath.modify(_:_:)` throws for a root in another case.
private struct CaseMismatch: Error, CustomStringConvertible {
  let casePath: String
  let root: String

  var description: String { "CasePath.modify: \(casePath) does not match \(root)" }
}
