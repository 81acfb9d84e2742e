import DepsReducer
import Testing

private enum PlainError: Error {
  case server(message: String)
  case offline
}

private enum EquatableError: Error, Equatable {
  case server(message: String)
}

private struct OtherEquatableError: Error, Equatable {}

/// An error that bridges to `NSError` with a domain and code of its choosing, as `URLError` does.
private struct CodedError: Error {
  var domain: String
  var code: Int
  var _domain: String { domain }
  var _code: Int { code }
}

@Suite struct TaskResultTests {
  @Test func catchingKeepsTheValue() async throws {
    let result = await TaskResult { 42 }
    #expect(result == .success(42))
    #expect(try result.value == 42)
  }

  @Test func catchingKeepsTheError() async {
    let result = await TaskResult<Int> { throw EquatableError.server(message: "down") }
    #expect(result == .failure(EquatableError.server(message: "down")))
    #expect(throws: EquatableError.server(message: "down")) { try result.value }
  }

  @Test func successesCompareTheirValues() {
    #expect(TaskResult.success(1) == .success(1))
    #expect(TaskResult.success(1) != .success(2))
    #expect(TaskResult.success(1) != .failure(PlainError.offline))
    #expect(TaskResult<Int>.failure(PlainError.offline) != .success(1))
  }

  @Test func failuresOfOneEquatableTypeCompareWithEquals() {
    #expect(
      TaskResult<Int>.failure(EquatableError.server(message: "a"))
        == .failure(EquatableError.server(message: "a")))
    #expect(
      TaskResult<Int>.failure(EquatableError.server(message: "a"))
        != .failure(EquatableError.server(message: "b")))
  }

  @Test func otherFailuresCompareTheirDomainAndCode() {
    // As in TCA: a non-Equatable error compares as its NSError, by domain and code only.
    #expect(
      TaskResult<Int>.failure(PlainError.server(message: "a"))
        == .failure(PlainError.server(message: "b")))
    #expect(TaskResult<Int>.failure(PlainError.server(message: "a")) != .failure(PlainError.offline))
    #expect(
      TaskResult<Int>.failure(CodedError(domain: "D", code: 1))
        == .failure(CodedError(domain: "D", code: 1)))
    #expect(
      TaskResult<Int>.failure(CodedError(domain: "D", code: 1))
        != .failure(CodedError(domain: "D", code: 2)))
    #expect(
      TaskResult<Int>.failure(CodedError(domain: "D", code: 1))
        != .failure(CodedError(domain: "E", code: 1)))
  }

  @Test func failuresOfDifferentTypesAreNotEqual() {
    #expect(TaskResult<Int>.failure(EquatableError.server(message: "a")) != .failure(OtherEquatableError()))
    #expect(TaskResult<Int>.failure(OtherEquatableError()) != .failure(PlainError.offline))
    #expect(TaskResult<Int>.failure(PlainError.offline) != .failure(OtherEquatableError()))
  }

  @Test func equalResultsHashAlike() {
    let results: [TaskResult<Int>] = [
      .success(1), .failure(PlainError.server(message: "a")), .failure(PlainError.server(message: "b")),
      .failure(EquatableError.server(message: "a")), .failure(CodedError(domain: "D", code: 1)),
    ]
    #expect(Set(results).count == 4)
    for lhs in results {
      for rhs in results where lhs == rhs {
        #expect(lhs.hashValue == rhs.hashValue)
      }
    }
  }
}
