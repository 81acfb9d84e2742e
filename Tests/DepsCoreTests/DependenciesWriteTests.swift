import Testing

@testable import DepsCore

private enum FirstKey: DependencyKey {
  static let defaultValue = 0
  static let testValue = defaultValue
}
private enum SecondKey: DependencyKey {
  static let defaultValue = ""
  static let testValue = defaultValue
}

extension Dependencies {
  fileprivate var first: Int {
    get { self[FirstKey.self] }
    set { self[FirstKey.self] = newValue }
  }
  fileprivate var second: String {
    get { self[SecondKey.self] }
    set { self[SecondKey.self] = newValue }
  }
}

/// `Dependencies` is a value: what one copy writes, no other sees, though copies share what was
/// written until one of them writes again (the first write is held inline, the others in boxes).
@Suite struct DependenciesWriteTests {
  private let node = DependencyNode(ownerName: "Root")

  @Test func writesAreReadBackAndTheLastWriteOfAKeyWins() {
    var dependencies = Dependencies(reader: node)
    dependencies.first = 1
    #expect(dependencies.first == 1)
    dependencies.first += 1
    dependencies.second = "b"
    dependencies.first = 3
    #expect(dependencies.first == 3)
    #expect(dependencies.second == "b")
    // One entry per key; the later write has the later sequence (within a group of aliased
    // dependencies, the latest write wins).
    let sequences = Dictionary(uniqueKeysWithValues: dependencies.writes.map { ($0.id, $0.sequence) })
    #expect(sequences.count == 2)
    #expect(sequences[DependencyID(FirstKey.self)]! > sequences[DependencyID(SecondKey.self)]!)
  }

  @Test func aCopyKeepsWhatWasWrittenBeforeItWasMade() {
    var original = Dependencies(reader: node)
    original.first = 1
    var copy = original
    original.first = 2
    original.second = "original"
    copy.second = "copy"
    #expect((original.first, original.second) == (2, "original"))
    #expect((copy.first, copy.second) == (1, "copy"))
    // The inline first value survives a copy that writes another key.
    var third = copy
    third.second = "third"
    #expect((third.first, third.second, copy.second) == (1, "third", "copy"))
  }

  @Test func writtenValuesReachTheNodeInWriteOrder() {
    var dependencies = Dependencies(reader: node)
    dependencies.second = "s"
    dependencies.first = 7
    node.set(dependencies.writes)
    #expect(node.read(FirstKey.self) == 7)
    #expect(node.read(SecondKey.self) == "s")
    let sequences = node.ownValues.map(\.sequence)
    #expect(sequences == sequences.sorted())
  }
}
