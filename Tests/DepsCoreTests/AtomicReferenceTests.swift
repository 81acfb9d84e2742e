import Testing

@testable import DepsCore

private final class Published {}

@Suite struct AtomicReferenceTests {
  @Test func holdsNothingUntilPublishedThenTheObject() {
    let reference = AtomicReference<Published>()
    #expect(reference.load() == nil)
    let object = Published()
    reference.publish(Unmanaged.passUnretained(object))
    #expect(reference.load()?.takeUnretainedValue() === object)
  }

  @Test func aProcessObjectIsPublishedOnceAndFoundAfter() {
    let object = Published()
    let process = ProcessObject<Published>()
    var made = 0
    let first = process.object {
      made += 1
      return object
    }
    let second = process.object {
      made += 1
      return Published()
    }
    #expect(first.takeUnretainedValue() === object && second.takeUnretainedValue() === object)
    #expect(made == 1)
  }

  @Test func subtractOneWrapsBelowZero() {
    let word = AtomicWord(5)
    #expect(word.subtractOne() == 4)
    let zero = AtomicWord()
    #expect(zero.subtractOne() == .max)
    #expect(zero.add(1) == 0)
  }
}
