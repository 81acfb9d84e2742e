import Testing

@testable import DepsReducer

/// The runtime layouts enum reflection reads, checked against the running runtime itself: every
/// field the library reads is read here through the library's own accessors and compared with
/// what `MemoryLayout`, `Mirror` and the values themselves say. On a platform with 4-byte words
/// (watchOS' arm64_32) the same checks read the 4-byte layouts.
@Suite(.readsEnumLayouts) struct RuntimeLayoutTests {
  private enum Leaf { case increment }
  private enum Level { case child(Leaf), value(Int), other }
  private indirect enum Boxed { case node(Int), leaf }
  private enum Wide {
    case pair(Int, Int)
    case text(String)
    indirect case boxed(wide: Int, narrow: UInt8)
    case first, second
  }

  /// One value of every case of `Level`, `Wide` and `Optional<Int>`, in declaration order.
  private static let levels: [Level] = [.child(.increment), .value(3), .other]
  private static let wides: [Wide] = [.pair(1, 2), .text("a"), .boxed(wide: 7, narrow: 9), .first, .second]
  private static let optionals: [Int?] = [1, nil]

  /// The metadata of `Root`, which is an enum.
  private static func metadata<Root>(_: Root.Type) -> UnsafeRawPointer {
    EnumTag.enumMetadata(Root.self)!
  }

  /// The size of the value in `value`, opened.
  private static func size(of value: Any) -> Int {
    func size<T>(_: T) -> Int { MemoryLayout<T>.size }
    return _openExistential(value, do: size)
  }

  @Test func enumMetadataIsFoundForEnumsAndOptionalsOnly() {
    #expect(EnumTag.enumMetadata(Level.self) != nil)
    #expect(EnumTag.enumMetadata(Boxed.self) != nil)
    #expect(EnumTag.enumMetadata(Int?.self) != nil)
    #expect(EnumTag.enumMetadata(Int.self) == nil)
    #expect(EnumTag.enumMetadata((Int, Int).self) == nil)
    #expect(EnumTag.enumMetadata(Any.self) == nil)
    #expect(EnumTag.enumMetadata(Counter.self) == nil)
    // The kinds the library compares with, read from metadata.
    #expect(Self.metadata(Level.self).load(as: UInt.self) == EnumMetadataHeader.enumKind)
    #expect(Self.metadata(Int?.self).load(as: UInt.self) == EnumMetadataHeader.optionalKind)
  }

  /// The value witness table the library finds through `witnessTableOffset`, read at the named
  /// layout's offsets, describes the type as `MemoryLayout` does.
  @Test(arguments: [
    Level.self as Any.Type, Boxed.self, Wide.self, Int?.self, Leaf.self, String?.self,
  ])
  func theValueWitnessTableDescribesTheType(_ type: Any.Type) {
    func check<T>(_: T.Type) {
      let table = EnumTag.witnesses(Self.metadata(T.self))
      func field<F>(_ path: KeyPath<EnumValueWitnessTable, F>, as _: F.Type) -> F {
        table.load(fromByteOffset: MemoryLayout<EnumValueWitnessTable>.offset(of: path)!, as: F.self)
      }
      #expect(field(\.size, as: UInt.self) == UInt(MemoryLayout<T>.size))
      #expect(field(\.stride, as: UInt.self) == UInt(MemoryLayout<T>.stride))
      // The flags' low byte is the alignment mask.
      #expect(field(\.flags, as: UInt32.self) & 0xFF == UInt32(MemoryLayout<T>.alignment - 1))
      // A type with extra inhabitants makes an `Optional` of itself without a byte more.
      let extraInhabitants = field(\.extraInhabitantCount, as: UInt32.self)
      #expect((extraInhabitants > 0) == (MemoryLayout<T?>.size == MemoryLayout<T>.size))
    }
    _openExistential(type, do: check)
  }

  /// `getEnumTag`, the descriptor and the field records agree with `Mirror` on every case.
  @Test func everyCaseIsNamedAsMirrorNamesIt() {
    func check<Root>(_ values: [Root], printed: (Root) -> String = { String(describing: $0) }) {
      var tags: Set<UInt32> = []
      for value in values {
        guard let tag = EnumTag.tag(of: value) else {
          Issue.record("no tag for \(value)")
          continue
        }
        tags.insert(tag)
        let mirror = Mirror(reflecting: value)
        // A payload case is `Mirror`'s one child's label; a case without payload prints as
        // its name.
        let name = mirror.children.first?.label ?? printed(value)
        #expect(EnumTag.caseName(Root.self, tag: tag) == name)
      }
      // One tag per case, and no more cases than field records.
      #expect(tags.count == values.count)
      #expect(EnumTag.fieldRecords(Self.metadata(Root.self))?.count == UInt32(values.count))
    }
    check(Self.levels)
    check(Self.wides)
    // `nil` prints as `nil`: its case is `none`.
    check(Self.optionals, printed: { $0 == nil ? "none" : "\($0!)" })
  }

  /// The descriptor the library finds through `descriptionOffset` is the enum's: its name, its
  /// payload cases (those whose payload has bytes, which take the first tags) and its other cases.
  @Test func theDescriptorCountsTheCasesMirrorShows() {
    func check<Root>(_ values: [Root], named name: String) {
      let descriptor = EnumTag.descriptor(Self.metadata(Root.self))
      let namePointer = EnumTag.relativeTarget(
        descriptor + MemoryLayout<EnumDescriptor>.offset(of: \.name)!)
      #expect(namePointer.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } == name)
      let payloadCases = values.filter { value in
        Mirror(reflecting: value).children.first.map { Self.size(of: $0.value) > 0 } ?? false
      }
      #expect(EnumTag.payloadCaseCount(Root.self) == UInt32(payloadCases.count))
      for value in payloadCases {
        #expect(EnumTag.tag(of: value).map { $0 < UInt32(payloadCases.count) } == true)
      }
      let emptyCases = descriptor.load(
        fromByteOffset: MemoryLayout<EnumDescriptor>.offset(of: \.emptyCases)!, as: UInt32.self)
      #expect(emptyCases == UInt32(values.count - payloadCases.count))
    }
    check(Self.levels, named: "Level")
    check(Self.wides, named: "Wide")
    check(Self.optionals, named: "Optional")
  }

  @Test func fieldRecordsAreTheSizeTheLibraryReadsAndMarkIndirectCases() {
    let records = EnumTag.fieldRecords(Self.metadata(Wide.self))
    #expect(records?.size == MemoryLayout<FieldRecord>.size)
    // `boxed` is the third payload case: tag 2.
    #expect(EnumTag.tag(of: Wide.boxed(wide: 1, narrow: 2)) == 2)
    #expect((0..<3).map { EnumTag.isIndirect(Wide.self, tag: $0) } == [false, false, true])
    #expect(EnumTag.isIndirect(Boxed.self, tag: 0) == true)
    #expect(EnumTag.isIndirect(Level.self, tag: 0) == false)
  }

  @Test func declaredPayloadTypesAreTheFieldRecordsTypes() {
    #expect(EnumTag.payloadType(Wide.self, tag: 0) == (Int, Int).self)
    #expect(EnumTag.payloadType(Wide.self, tag: 1) == String.self)
    #expect(EnumTag.payloadType(Wide.self, tag: 2) == (wide: Int, narrow: UInt8).self)
    #expect(EnumTag.payloadType(Wide.self, tag: 3) == nil)
    #expect(EnumTag.payloadType(Int?.self, tag: 0) == Int.self)
    #expect(EnumTag.payloadType(Level.self, tag: 1) == Leaf.self)
  }

  /// A heap object stores its first property right after the header the library skips to reach
  /// an `indirect` payload.
  @Test func aHeapObjectsPropertiesFollowTheHeaderTheLibrarySkips() {
    let counter = Counter(0x5EED)
    let stored = withExtendedLifetime(counter) {
      UnsafeRawPointer(Unmanaged.passUnretained(counter).toOpaque())
        .load(fromByteOffset: HeapObjectHeader.size, as: Int.self)
    }
    #expect(stored == 0x5EED)
  }

  @Test func payloadsAreProjectedThroughTheNamedLayouts() {
    #expect(EnumTag.payload(of: Level.value(7), tag: 0, indirect: false, as: Int.self) == 7)
    #expect(EnumTag.payload(of: Boxed.node(9), tag: 0, indirect: true, as: Int.self) == 9)
    #expect(
      EnumTag.payload(of: Level.child(.increment), tag: 1, indirect: false, as: Leaf.self) == .increment)
    let boxed = EnumTag.payload(
      of: Wide.boxed(wide: 11, narrow: 12), tag: 2, indirect: true, as: (Int, UInt8).self)
    #expect(boxed.map { [$0.0, Int($0.1)] } == [11, 12])
    #expect(
      EnumTag.payload(
        of: Wide.text("long enough to be on the heap"), tag: 1, indirect: false, as: String.self)
        == "long enough to be on the heap")
  }

  @Test func theOnlyCaseWithAPayloadType() {
    #expect(EnumTag.onlyCase(of: Level.self, withPayload: Int.self) == 0)
    #expect(EnumTag.onlyCase(of: Level.self, withPayload: Leaf.self) == 1)
    #expect(EnumTag.onlyCase(of: Level.self, withPayload: String.self) == nil)
    #expect(EnumTag.onlyCase(of: Boxed.self, withPayload: Int.self) == 0)
    #expect(EnumTag.caseName(Level.self, tag: 3) == nil)
    #expect(EnumTag.caseName(Int.self, tag: 0) == nil)
  }
}

private final class Counter {
  let value: Int
  init(_ value: Int) { self.value = value }
}
