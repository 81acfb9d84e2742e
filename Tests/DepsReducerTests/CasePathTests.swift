import Testing

@testable import DepsReducer

extension Trait where Self == ConditionTrait {
  /// For tests of what case paths learn from the runtime's enum layouts, which they do not read
  /// where pointer authentication (arm64e) rules them out.
  static var readsEnumLayouts: Self {
    .enabled(if: EnumReflection.readsLayouts, "case paths read enums with Mirror alone here (arm64e)")
  }
}

/// The two ways case paths made with `/` read enums, for the tests that must hold for both:
/// through the runtime's enum layouts, and through `Mirror` alone, as where pointer authentication
/// (arm64e) rules the layouts out.
enum EnumReading: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case layouts
  case mirrorOnly

  var testDescription: String { rawValue }

  /// Runs `body` with the case paths made in it reading enums this way.
  func run<R>(_ body: () throws -> R) rethrows -> R {
    try EnumReflection.$readsMirrorOnly.withValue(self == .mirrorOnly, operation: body)
  }

  /// Runs `body` with the case paths made in it reading enums this way.
  func run<R>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R) async rethrows -> R
  {
    try await EnumReflection.$readsMirrorOnly.withValue(
      self == .mirrorOnly, operation: body, isolation: isolation)
  }
}

private final class Reference: Sendable {
  let value: Int
  init(_ value: Int) { self.value = value }
}

private enum Shape: Equatable {
  case circle(Double)
  case square(Double)
  case rectangle(Double, Double)
  case labeled(width: Int, height: Int)
  case single(id: Int)
  case point
  case origin
  indirect case group(Shape)
  case optional(Int?)
}

private enum Tree {
  case leaf(Int)
  indirect case node(Tree, Tree)
}

private enum Message {
  case text(String)
  indirect case boxed(String)
  case empty
}

private enum Unit: Equatable { case only }
private enum Wrapper: Equatable {
  case unit(Unit)
  case other(Unit)
  case nothing
}

/// Equal whatever the case: a payload-less case path must test the case, not `==`.
private enum AlwaysEqual: Equatable {
  case first, second
  static func == (_: Self, _: Self) -> Bool { true }
}

private enum Holder {
  case reference(Reference)
  case other(Reference)
}

@Suite struct CasePathTests {
  @Test func initEmbedsAndExtracts() {
    let even = CasePath<Int, Int>(embed: { $0 * 2 }, extract: { $0 % 2 == 0 ? $0 / 2 : nil })
    #expect(even.embed(4) == 8)
    #expect(even.extract(from: 8) == 4)
    #expect(even.extract(from: 7) == nil)
  }

  @Test(arguments: EnumReading.allCases) func singlePayload(_ reading: EnumReading) {
    reading.run {
      let circle = /Shape.circle
      #expect(circle.embed(2) == .circle(2))
      #expect(circle.extract(from: .circle(3)) == 3)
      #expect(circle.extract(from: .square(3)) == nil)
      #expect(circle.extract(from: .point) == nil)
    }
  }

  @Test(arguments: EnumReading.allCases) func tuplePayload(_ reading: EnumReading) {
    reading.run {
      let rectangle = /Shape.rectangle
      let extracted = rectangle.extract(from: .rectangle(2, 3))
      #expect(extracted?.0 == 2)
      #expect(extracted?.1 == 3)
      #expect(rectangle.extract(from: .circle(2)) == nil)
    }
  }

  @Test(arguments: EnumReading.allCases) func labeledPayload(_ reading: EnumReading) {
    reading.run {
      let labeled = /Shape.labeled
      let extracted = labeled.extract(from: .labeled(width: 4, height: 5))
      #expect(extracted?.0 == 4)
      #expect(extracted?.1 == 5)
      #expect(labeled.extract(from: .single(id: 4)) == nil)

      let single = /Shape.single
      #expect(single.extract(from: .single(id: 9)) == 9)
      #expect(single.extract(from: .circle(9)) == nil)
    }
  }

  @Test(arguments: EnumReading.allCases) func indirectPayload(_ reading: EnumReading) {
    reading.run {
      let group = /Shape.group
      #expect(group.extract(from: .group(.circle(1))) == .circle(1))
      #expect(group.extract(from: .circle(1)) == nil)

      let node = /Tree.node
      let extracted = node.extract(from: .node(.leaf(1), .leaf(2)))
      if case .leaf(1)? = extracted?.0, case .leaf(2)? = extracted?.1 {
      } else {
        Issue.record("expected the node's children, got \(String(describing: extracted))")
      }
      #expect((/Tree.leaf).extract(from: .node(.leaf(1), .leaf(2))) == nil)
    }
  }

  @Test(arguments: EnumReading.allCases) func optionalPayload(_ reading: EnumReading) {
    reading.run {
      let optional = /Shape.optional
      #expect(optional.extract(from: .optional(3)) == .some(3))
      #expect(optional.extract(from: .optional(nil)) == .some(nil))
      #expect(optional.extract(from: .point) == nil)
    }
  }

  @Test(arguments: EnumReading.allCases) func referencePayloadOfTheSameTypeInAnotherCase(
    _ reading: EnumReading
  ) {
    reading.run {
      let reference = Reference(1)
      #expect((/Holder.reference).extract(from: .reference(reference)) === reference)
      #expect((/Holder.reference).extract(from: .other(reference)) == nil)
    }
  }

  @Test(arguments: EnumReading.allCases) func aLearnedCaseStillTellsCasesApartOnEveryLaterExtraction(
    _ reading: EnumReading
  ) {
    reading.run {
      let square = /Shape.square
      let group = /Shape.group
      let reference = /Holder.reference
      let shared = Reference(1)
      // The first extractions learn each case; later ones take the fast path. Both must agree.
      for _ in 0..<3 {
        #expect(square.extract(from: .circle(1)) == nil)
        #expect(square.extract(from: .square(2)) == 2)
        #expect(square.extract(from: .point) == nil)
        #expect(group.extract(from: .group(.square(3))) == .square(3))
        #expect(group.extract(from: .square(3)) == nil)
        #expect(reference.extract(from: .other(shared)) == nil)
        #expect(reference.extract(from: .reference(shared)) === shared)
      }
    }
  }

  @Test(arguments: EnumReading.allCases) func everyPayloadShapeExtractsTheSameOnceLearned(
    _ reading: EnumReading
  ) {
    reading.run {
      let rectangle = /Shape.rectangle
      let labeled = /Shape.labeled
      let single = /Shape.single
      let optional = /Shape.optional
      let node = /Tree.node
      let text = /Message.text
      let boxedText = /Message.boxed
      let unit = /Wrapper.unit
      let other = /Wrapper.other
      // The first extraction of each learns its case; later ones project the payload.
      for round in 0..<4 {
        let number = Double(round)
        #expect(
          rectangle.extract(from: .rectangle(number, number + 1)).map { [$0.0, $0.1] } == [
            number, number + 1,
          ])
        #expect(labeled.extract(from: .labeled(width: round, height: 7)).map { [$0.0, $0.1] } == [round, 7])
        #expect(single.extract(from: .single(id: round)) == round)
        #expect(optional.extract(from: .optional(round)) == .some(round))
        #expect(optional.extract(from: .optional(nil)) == .some(nil))
        let children = node.extract(from: .node(.leaf(round), .leaf(round + 1)))
        if case .leaf(round)? = children?.0, case .leaf(round + 1)? = children?.1 {
        } else {
          Issue.record("round \(round): expected the node's children, got \(String(describing: children))")
        }
        let long = String(repeating: "payload \(round) ", count: 8)
        #expect(text.extract(from: .text(long)) == long)
        #expect(text.extract(from: .boxed(long)) == nil)
        #expect(boxedText.extract(from: .boxed(long)) == long)
        #expect(boxedText.extract(from: .text(long)) == nil)
        #expect(text.extract(from: .empty) == nil)
        // Zero-sized payloads: the compiler lays these cases out as cases without payload.
        #expect(unit.extract(from: .unit(.only)) == .only)
        #expect(unit.extract(from: .other(.only)) == nil)
        #expect(other.extract(from: .nothing) == nil)
        #expect(other.extract(from: .other(.only)) == .only)
      }
    }
  }

  @Test(arguments: EnumReading.allCases) func payloadlessCase(_ reading: EnumReading) {
    reading.run {
      let point = /Shape.point
      #expect(point.embed(()) == .point)
      #expect(point.extract(from: .point) != nil)
      #expect(point.extract(from: .origin) == nil)
      #expect(point.extract(from: .circle(1)) == nil)
    }
  }

  @Test(arguments: EnumReading.allCases) func payloadlessCaseComparesTagsNotEquality(_ reading: EnumReading) {
    reading.run {
      let first = /AlwaysEqual.first
      #expect(first.extract(from: .first) != nil)
      #expect(first.extract(from: .second) == nil)
    }
  }

  @Test(arguments: EnumReading.allCases) func aCaseWithItsPayloadGivenStillComparesValues(
    _ reading: EnumReading
  ) {
    reading.run {
      let two = /Shape.circle(2)
      #expect(two.extract(from: .circle(2)) != nil)
      #expect(two.extract(from: .circle(3)) == nil)
      #expect(two.extract(from: .square(2)) == nil)
    }
  }

  @Test(arguments: EnumReading.allCases) func identity(_ reading: EnumReading) {
    reading.run {
      let identity: CasePath<Shape, Shape> = /.self
      #expect(identity.extract(from: .point) == .point)
      #expect(identity.embed(.origin) == .origin)
      #expect((/Shape.self).extract(from: .circle(1)) == .circle(1))
    }
  }

  @Test(arguments: EnumReading.allCases) func optionalRoot(_ reading: EnumReading) {
    reading.run {
      let some = /Optional<Int>.some
      #expect(some.extract(from: 3) == 3)
      #expect(some.extract(from: nil) == nil)
    }
  }
}

private enum Generic<Value> {
  case value(Value)
  case count(Int)
  case none
}

/// How a case path describes itself in failure texts (`TestStore.receive`).
@Suite struct CasePathWrittenFormTests {
  @Test(.readsEnumLayouts) func aCaseWhosePayloadTypeIsTheOnlyOneIsNamedAtOnce() {
    #expect((/Shape.group).writtenForm == "/Shape.group")
    #expect((/Shape.optional).writtenForm == "/Shape.optional")
    #expect((/Tree.node).writtenForm == "/Tree.node")
    #expect((/Message.boxed).writtenForm == "a CasePath<Message, String>")
    #expect((/Optional<Int>.some).writtenForm == "/Optional.some")
  }

  @Test(.readsEnumLayouts) func aGenericEnumsPayloadTypesAreItsArguments() {
    #expect((/Generic<String>.value).writtenForm == "/Generic.value")
    #expect((/Generic<String>.count).writtenForm == "/Generic.count")
    // Both cases hold an `Int` here.
    #expect((/Generic<Int>.value).writtenForm == "a CasePath<Generic<Int>, Int>")
  }

  @Test(.readsEnumLayouts) func casesSharingAPayloadTypeAreNamedOnceAnExtractionTellsTheCase() {
    let square = /Shape.square
    #expect(square.writtenForm == "a CasePath<Shape, Double>")
    // A root in another case with a `Double` payload: embedding it tells the case.
    #expect(square.extract(from: .circle(1)) == nil)
    #expect(square.writtenForm == "/Shape.square")
    let circle = /Shape.circle
    #expect(circle.extract(from: .circle(1)) == 1)
    #expect(circle.writtenForm == "/Shape.circle")
    let text = /Message.text
    #expect(text.writtenForm == "a CasePath<Message, String>")
    #expect(text.extract(from: .empty) == nil)
    #expect(text.writtenForm == "a CasePath<Message, String>")
    #expect(text.extract(from: .text("a")) == "a")
    #expect(text.writtenForm == "/Message.text")
  }

  @Test(.readsEnumLayouts) func aCaseWithLabeledPayloadIsNamedOnceAnExtractionTellsTheCase() {
    // The case's payload type has the labels, the case constructor's parameter has none.
    let labeled = /Shape.labeled
    #expect(labeled.writtenForm == "a CasePath<Shape, (Int, Int)>")
    #expect(labeled.extract(from: .labeled(width: 1, height: 2)) != nil)
    #expect(labeled.writtenForm == "/Shape.labeled")
    let single = /Shape.single
    #expect(single.writtenForm == "a CasePath<Shape, Int>")
    #expect(single.extract(from: .single(id: 1)) == 1)
    #expect(single.writtenForm == "/Shape.single")
  }

  @Test(arguments: EnumReading.allCases) func aPayloadlessCaseIsNamedAsWritten(_ reading: EnumReading) {
    reading.run {
      #expect((/Shape.point).writtenForm == "/Shape.point")
      #expect((/Shape.circle(2)).writtenForm == "/Shape.circle(2.0)")
    }
  }

  @Test(arguments: EnumReading.allCases) func aCasePathMadeByHandSaysWhatItIs(_ reading: EnumReading) {
    reading.run {
      let even = CasePath<Int, Int>(embed: { $0 * 2 }, extract: { $0 % 2 == 0 ? $0 / 2 : nil })
      #expect(even.writtenForm == "a CasePath<Int, Int>")
      #expect((/Shape.self).writtenForm == "a CasePath<Shape, Shape>")
    }
  }

  /// With `Mirror` alone no payload type is read: a case path is named once a payload that is a
  /// `Value`, from a root in its case or in another, embedded again, showed its case's name.
  @Test func withMirrorAloneACaseIsNamedOnceAnExtractionTellsTheCase() {
    EnumReading.mirrorOnly.run {
      let group = /Shape.group
      #expect(group.writtenForm == "a CasePath<Shape, Shape>")
      // A `Double` payload is no `Shape`: nothing to embed, nothing learned.
      #expect(group.extract(from: .circle(1)) == nil)
      #expect(group.writtenForm == "a CasePath<Shape, Shape>")
      #expect(group.extract(from: .group(.point)) == .point)
      #expect(group.writtenForm == "/Shape.group")
      let square = /Shape.square
      #expect(square.extract(from: .circle(1)) == nil)
      #expect(square.writtenForm == "/Shape.square")
      let single = /Shape.single
      #expect(single.extract(from: .single(id: 1)) == 1)
      #expect(single.writtenForm == "/Shape.single")
      let some = /Optional<Int>.some
      #expect(some.extract(from: 1) == 1)
      #expect(some.writtenForm == "/Optional.some")
    }
  }
}
