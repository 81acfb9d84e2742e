import Testing

@testable import DepsReducer

private protocol Named: Sendable { var name: String { get } }
private protocol Counted: AnyObject, Sendable { var count: Int { get } }

private struct Person: Named, Equatable { let name: String }
private final class Counter: Counted {
  let count: Int
  init(_ count: Int) { self.count = count }
}
private class Base: @unchecked Sendable {}
private final class Derived: Base, @unchecked Sendable {}
private struct Failure: Error, Equatable { let code: Int }

/// One enum with every single-payload shape that holds an existential or a one-element tuple:
/// roots in each case must extract the value itself from their own case path and nothing from the
/// others'.
private enum Event {
  case labeledAny(value: Any)
  case plainAny(Any)
  case labeledSendable(value: any Sendable)
  case plainSendable(any Sendable)
  case labeledError(error: any Error)
  case plainError(any Error)
  case labeledNamed(value: any Named)
  case plainNamed(any Named)
  case labeledObject(value: AnyObject)
  case plainObject(AnyObject)
  case labeledCounted(value: any Counted)
  case labeledOptionalAny(value: Any?)
  case plainOptionalAny(Any?)
  case labeledPair(value: (Int, Int))
  case labeledInt(value: Int)
  indirect case boxedLabeledAny(value: Any)
  indirect case boxedPlainAny(Any)
  case mixed(value: Any, count: Int)
  case base(Base)
  case none
}

private enum Lone {
  case only(value: Any)
}

private struct Large: Equatable {
  var a = 1, b = 2, c = 3, d = 4, e = 5
}

private enum Generic<T> {
  case labeled(value: T)
  case plain(T)
  indirect case boxed(value: T)
}

@Suite struct CasePathExistentialPayloadTests {
  /// Every root of `Event`, one per case.
  private static func roots(_ reference: Counter) -> [Event] {
    [
      .labeledAny(value: 42), .plainAny(42), .labeledSendable(value: 42), .plainSendable(42),
      .labeledError(error: Failure(code: 1)), .plainError(Failure(code: 1)),
      .labeledNamed(value: Person(name: "a")), .plainNamed(Person(name: "a")),
      .labeledObject(value: reference), .plainObject(reference), .labeledCounted(value: reference),
      .labeledOptionalAny(value: 42), .plainOptionalAny(42), .labeledPair(value: (1, 2)),
      .labeledInt(value: 7), .boxedLabeledAny(value: 42), .boxedPlainAny(42),
      .mixed(value: 42, count: 3), .base(Base()), .none,
    ]
  }

  /// Extracts with `path` from every root: only `index`'s root is in the case.
  private static func onlyRoot<Value>(
    _ index: Int, of roots: [Event], extracts path: CasePath<Event, Value>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Value? {
    var found: Value?
    for (position, root) in roots.enumerated() {
      let extracted = path.extract(from: root)
      if position == index {
        found = extracted
      } else {
        #expect(extracted == nil, "\(root) is not in the case", sourceLocation: sourceLocation)
      }
    }
    return found
  }

  @Test(arguments: EnumReading.allCases) func aLabeledExistentialPayloadIsTheValueNotAOneElementTuple(
    _ reading: EnumReading
  ) {
    reading.run {
      let reference = Counter(5)
      let roots = Self.roots(reference)
      // Twice: the first round learns each case, the second takes the learned path.
      for _ in 0..<2 {
        #expect(Self.onlyRoot(0, of: roots, extracts: /Event.labeledAny) as? Int == 42)
        #expect(Self.onlyRoot(1, of: roots, extracts: /Event.plainAny) as? Int == 42)
        #expect(Self.onlyRoot(2, of: roots, extracts: /Event.labeledSendable) as? Int == 42)
        #expect(Self.onlyRoot(3, of: roots, extracts: /Event.plainSendable) as? Int == 42)
        #expect(Self.onlyRoot(4, of: roots, extracts: /Event.labeledError) as? Failure == Failure(code: 1))
        #expect(Self.onlyRoot(5, of: roots, extracts: /Event.plainError) as? Failure == Failure(code: 1))
        #expect(Self.onlyRoot(6, of: roots, extracts: /Event.labeledNamed)?.name == "a")
        #expect(Self.onlyRoot(7, of: roots, extracts: /Event.plainNamed)?.name == "a")
        #expect(Self.onlyRoot(8, of: roots, extracts: /Event.labeledObject) === reference)
        #expect(Self.onlyRoot(9, of: roots, extracts: /Event.plainObject) === reference)
        #expect(Self.onlyRoot(10, of: roots, extracts: /Event.labeledCounted)?.count == 5)
        #expect(Self.onlyRoot(11, of: roots, extracts: /Event.labeledOptionalAny) as? Int == 42)
        #expect(Self.onlyRoot(12, of: roots, extracts: /Event.plainOptionalAny) as? Int == 42)
        #expect(Self.onlyRoot(13, of: roots, extracts: /Event.labeledPair).map { [$0.0, $0.1] } == [1, 2])
        #expect(Self.onlyRoot(14, of: roots, extracts: /Event.labeledInt) == 7)
        #expect(Self.onlyRoot(15, of: roots, extracts: /Event.boxedLabeledAny) as? Int == 42)
        #expect(Self.onlyRoot(16, of: roots, extracts: /Event.boxedPlainAny) as? Int == 42)
        let mixed = Self.onlyRoot(17, of: roots, extracts: /Event.mixed)
        #expect(mixed?.0 as? Int == 42)
        #expect(mixed?.1 == 3)
      }
    }
  }

  @Test(arguments: EnumReading.allCases) func theValueIsNeverWrappedWhateverItsDynamicType(
    _ reading: EnumReading
  ) {
    reading.run {
      let labeled = /Event.labeledAny
      for _ in 0..<2 {
        #expect(labeled.extract(from: .labeledAny(value: "text")) as? String == "text")
        let pair = labeled.extract(from: .labeledAny(value: (1, 2))) as? (Int, Int)
        #expect(pair.map { [$0.0, $0.1] } == [1, 2])
        #expect(labeled.extract(from: .labeledAny(value: Person(name: "b"))) as? Person == Person(name: "b"))
        let optional = (/Event.labeledOptionalAny).extract(from: .labeledOptionalAny(value: nil))
        #expect(optional.map { $0 == nil } == true)
        #expect((/Event.plainOptionalAny).extract(from: .plainOptionalAny(nil)).map { $0 == nil } == true)
      }
    }
  }

  @Test(arguments: EnumReading.allCases) func aGenericPayloadInstantiatedWithAnExistential(
    _ reading: EnumReading
  ) {
    reading.run {
      for _ in 0..<2 {
        #expect((/Generic<Any>.labeled).extract(from: .labeled(value: 42)) as? Int == 42)
        #expect((/Generic<Any>.labeled).extract(from: .plain(42)) == nil)
        #expect((/Generic<Any>.plain).extract(from: .plain(42)) as? Int == 42)
        #expect((/Generic<Any>.plain).extract(from: .labeled(value: 42)) == nil)
        #expect((/Generic<Any>.boxed).extract(from: .boxed(value: 42)) as? Int == 42)
        #expect((/Generic<any Sendable>.labeled).extract(from: .labeled(value: 42)) as? Int == 42)
        #expect(
          (/Generic<AnyObject>.labeled).extract(from: .labeled(value: Counter(2))).map { $0 is Counter }
            == true)
        #expect((/Generic<Any?>.labeled).extract(from: .labeled(value: 42)) as? Int == 42)
        #expect((/Generic<Int>.labeled).extract(from: .labeled(value: 42)) == 42)
        #expect((/Generic<Int?>.labeled).extract(from: .labeled(value: nil)) == .some(nil))
        #expect((/Generic<Int?>.labeled).extract(from: .labeled(value: 3)) == .some(3))
      }
    }
  }

  /// A payload declared as `Any` is projected as an `Any` once learned: every later root gives
  /// what it holds, inline or boxed, value or reference.
  @Test(arguments: EnumReading.allCases) func anAnyPayloadGivesWhatEachRootHolds(_ reading: EnumReading) {
    reading.run {
      let plain = /Event.plainAny
      let some = /Optional<Any>.some
      let reference = Counter(1)
      for round in 0..<3 {
        #expect(plain.extract(from: .plainAny(round)) as? Int == round)
        #expect(plain.extract(from: .plainAny("text \(round)")) as? String == "text \(round)")
        #expect(plain.extract(from: .plainAny(Large(a: round))) as? Large == Large(a: round))
        #expect(plain.extract(from: .plainAny(reference)) as? Counter === reference)
        #expect(plain.extract(from: .plainAny(Int.self)) as? Int.Type == Int.self)
        #expect(plain.extract(from: .plainSendable(round)) == nil)
        #expect(some.extract(from: .some(round)) as? Int == round)
        #expect(some.extract(from: .some(Large(b: round))) as? Large == Large(b: round))
        #expect(some.extract(from: .none) == nil)
      }
    }
  }

  @Test(arguments: EnumReading.allCases) func otherPayloadShapes(_ reading: EnumReading) {
    reading.run {
      for round in 0..<2 {
        // An enum of one case.
        #expect((/Lone.only).extract(from: .only(value: round)) as? Int == round)
        // Zero-sized values, labeled and not.
        #expect((/Generic<Void>.labeled).extract(from: .labeled(value: ())) != nil)
        #expect((/Generic<Void>.labeled).extract(from: .plain(())) == nil)
        #expect((/Generic<Void>.plain).extract(from: .plain(())) != nil)
        #expect((/Generic<Void>.plain).extract(from: .labeled(value: ())) == nil)
        // Nested optionals, metatypes and functions.
        #expect((/Generic<Int??>.labeled).extract(from: .labeled(value: .some(nil))) == .some(.some(nil)))
        #expect((/Generic<Any.Type>.labeled).extract(from: .labeled(value: Int.self)) == Int.self)
        let function = (/Generic<@Sendable () -> Int>.labeled).extract(from: .labeled(value: { round }))
        #expect(function?() == round)
      }
    }
  }

  /// A case path whose value type is narrower than its case's payload type, by function conversion
  /// (`(Any) -> Event` is a `(Int) -> Event`): a root whose payload is another type is not in it.
  @Test(arguments: EnumReading.allCases) func aNarrowerValueTypeExtractsOnlyPayloadsOfThatType(
    _ reading: EnumReading
  ) {
    reading.run {
      let number: CasePath<Event, Int> = /Event.plainAny
      let derived: CasePath<Event, Derived> = /Event.base
      for _ in 0..<3 {
        #expect(number.extract(from: .plainAny(42)) == 42)
        #expect(number.extract(from: .plainAny("a string, not a number")) == nil)
        #expect(number.extract(from: .plainAny(7)) == 7)
        let instance = Derived()
        #expect(derived.extract(from: .base(instance)) === instance)
        #expect(derived.extract(from: .base(Base())) == nil)
      }
    }
  }

  /// An `Any` payload that holds a one-element tuple (which only reflection can make) is that
  /// tuple: only the declared payload type says whether a case's payload is a one-element tuple.
  @Test(.readsEnumLayouts) func anAnyPayloadHoldingAOneElementTupleIsTheTuple() {
    let tuple = Mirror(reflecting: Event.labeledAny(value: 42)).children.first!.value
    let extracted = EnumReading.layouts.run { (/Event.plainAny).extract(from: .plainAny(tuple)) }
    #expect(extracted.map { String(describing: type(of: $0)) } == "(value: Any)")
    // With `Mirror` alone the declared payload type is unknown: a one-element tuple is taken for
    // the payload of a case with one labeled value, and its element is extracted.
    let element = EnumReading.mirrorOnly.run { (/Event.plainAny).extract(from: .plainAny(tuple)) }
    #expect(element as? Int == 42)
  }
}
