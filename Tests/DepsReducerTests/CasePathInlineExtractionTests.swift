import DepsCore
import Testing

@testable import DepsReducer

/// `CasePath.extract(from:)` answers a root whose case a `/` case path has learned inline, from
/// the learned case, without calling its extraction closure; and answers as that closure would.
@Suite struct CasePathInlineExtractionTests {
  private enum Action: Equatable {
    case first(Int)
    case second(Int)
    case any(Any)
    case none

    static func == (lhs: Self, rhs: Self) -> Bool {
      switch (lhs, rhs) {
      case (.first(let a), .first(let b)), (.second(let a), .second(let b)): a == b
      case (.none, .none): true
      default: false
      }
    }
  }

  /// A case path as `/` makes it, whose extraction closure counts its calls.
  private func countedCasePath<Value>(
    _ embed: @escaping @Sendable (Value) -> Action, calls: Locked<Int>
  ) -> CasePath<Action, Value> {
    let learned = LearnedEnumCase()
    let extract = EnumReflection.extractor(case: embed, learned: learned)
    return CasePath(
      embed: embed,
      extract: { root in
        calls.withLock { $0 += 1 }
        return extract(root)
      },
      written: { nil }, learned: learned)
  }

  @Test(.readsEnumLayouts) func aLearnedCaseIsExtractedWithoutTheClosure() {
    let calls = Locked(0)
    let second = countedCasePath(Action.second, calls: calls)
    // The first extraction learns the case, through the closure.
    #expect(second.extract(from: .second(1)) == 1)
    #expect(calls.withLock { $0 } == 1)
    // Then roots in the case and in other cases are answered inline.
    #expect(second.extract(from: .second(2)) == 2)
    #expect(second.extract(from: .first(3)) == nil)
    #expect(second.extract(from: .none) == nil)
    #expect(calls.withLock { $0 } == 1)
  }

  @Test(.readsEnumLayouts) func aPayloadThatCannotBeProjectedIsStillReflected() {
    let calls = Locked(0)
    // Declared `Any`: the payload holds an `Int` but is no `Int` in memory.
    let any = countedCasePath({ (value: Int) in Action.any(value) }, calls: calls)
    for round in 0..<3 {
      #expect(any.extract(from: .any(round)) == round)
      #expect(any.extract(from: .any("text")) == nil)
    }
    #expect(calls.withLock { $0 } == 6)
    // A root in another case is still told apart by its tag alone, inline.
    #expect(any.extract(from: .first(1)) == nil)
    #expect(calls.withLock { $0 } == 6)
  }

  @Test(arguments: EnumReading.allCases) func extractAnswersAsTheClosureDoes(_ reading: EnumReading) {
    reading.run {
      let first = /Action.first
      let roots: [Action] = [.second(1), .first(2), .none, .any(3), .first(4), .second(5)]
      for _ in 0..<3 {
        for root in roots {
          #expect(first.extract(from: root) == first.extractValue(root), "root \(root)")
        }
      }
    }
  }

  @Test func onlyCasePathsThatLearnTheirCaseReadItInline() {
    #expect(EnumReading.layouts.run { (/Action.first).learned } != nil)
    #expect(EnumReading.mirrorOnly.run { (/Action.first).learned } == nil)
    #expect(CasePath<Action, Int>(embed: Action.first, extract: { _ in nil }).learned == nil)
    #expect((/Action.none).learned == nil)
  }
}
