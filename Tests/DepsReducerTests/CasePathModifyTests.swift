import DepsReducer
import Testing

// swift-case-paths' `modify(_:_:)`, which TCA 0.40 re-exported: how its tests assert on enum
// state.

private struct Game: Equatable {
  var board: [Int]
  var currentPlayer: Int
}

private enum GameState: Equatable {
  case login(String)
  case game(Game)
}

@Suite struct CasePathModifyTests {
  @Test func changesTheValueInPlaceAndReturnsWhatTheBodyReturns() throws {
    var state = GameState.game(Game(board: [0, 0], currentPlayer: 1))
    let previous = try (/GameState.game).modify(&state) { game -> Int in
      defer {
        game.board[0] = 1
        game.currentPlayer = 2
      }
      return game.currentPlayer
    }
    #expect(previous == 1)
    #expect(state == .game(Game(board: [1, 0], currentPlayer: 2)))
  }

  @Test func aRootInAnotherCaseThrowsAndIsLeftAsItWas() {
    var state = GameState.login("blob")
    var ran = false
    #expect {
      try (/GameState.game).modify(&state) { _ in ran = true }
    } throws: { error in
      String(describing: error)
        == "CasePath.modify: /GameState.game does not match GameState.login(\"blob\")"
    }
    #expect(!ran)
    #expect(state == .login("blob"))
  }

  @Test func aCasePathMadeByHandModifiesToo() throws {
    let login = CasePath<GameState, String>(
      embed: { .login($0) },
      extract: { if case .login(let name) = $0 { name } else { nil } })
    var state = GameState.login("blob")
    try login.modify(&state) { $0 += "!" }
    #expect(state == .login("blob!"))
  }
}
