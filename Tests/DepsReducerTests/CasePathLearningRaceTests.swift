import Testing

@testable import DepsReducer

/// Many threads making their first extractions at once, with roots in the case and in another
/// case with the same payload type: none may take a root in the other case for one in the case,
/// nor teach the case path the other case's tag.
@Suite struct CasePathLearningRaceTests {
  private enum Action: Equatable, Sendable {
    case first(Payload)
    case second(Payload)
  }
  private enum Payload: Equatable, Sendable { case only }

  @Test(arguments: EnumReading.allCases)
  func concurrentFirstExtractionsNeverLearnTheOtherCase(_ reading: EnumReading) async {
    await reading.run {
      await firstExtractions()
    }
  }

  private func firstExtractions() async {
    for _ in 0..<200 {
      let path = /Action.second
      let wrong = await withTaskGroup(of: Bool.self) { group in
        for index in 0..<8 {
          group.addTask {
            let root: Action = index.isMultiple(of: 2) ? .first(.only) : .second(.only)
            let extracted = path.extract(from: root)
            return index.isMultiple(of: 2) ? extracted != nil : extracted == nil
          }
        }
        return await group.reduce(false) { $0 || $1 }
      }
      #expect(!wrong)
      #expect(path.extract(from: .second(.only)) == .only)
      #expect(path.extract(from: .first(.only)) == nil)
    }
  }
}
