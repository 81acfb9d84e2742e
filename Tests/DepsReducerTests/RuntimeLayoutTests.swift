import Testing

@testable import DepsReducer

/// The runtime layouts enum reflection reads, checked against the ABI's field lists for both word
/// sizes: a layout written for 8-byte words only (as `11 * word` for `getEnumTag` once was) fails
/// the 4-byte expectations here, on a 64-bit machine.
@Suite struct RuntimeLayoutTests {
  /// A field of an ABI struct: a pointer-sized word, or a fixed number of bytes.
  enum Field {
    case word
    case bytes(Int)

    func size(word: Int) -> Int {
      switch self {
      case .word: word
      case .bytes(let count): count
      }
    }
  }

  /// C layout: each field at the next offset aligned to its own size.
  static func offsets(_ fields: [Field], word: Int) -> [Int] {
    var offset = 0
    return fields.map { field in
      let size = field.size(word: word)
      offset = (offset + size - 1) / size * size
      defer { offset += size }
      return offset
    }
  }

  /// `EnumValueWitnessTable` in swift/ABI/ValueWitness.def: eight functions, `size`, `stride`,
  /// `flags`, `extraInhabitantCount`, then `getEnumTag`, `destructiveProjectEnumData`,
  /// `destructiveInjectEnumTag`.
  static let enumValueWitnessTable: [Field] =
    Array(repeating: .word, count: 10) + [.bytes(4), .bytes(4)] + Array(repeating: .word, count: 3)

  @Test func enumWitnessOffsetsForBothWordSizes() {
    let named = [
      EnumValueWitnessTable.getEnumTagOffset, EnumValueWitnessTable.projectEnumDataOffset,
      EnumValueWitnessTable.injectEnumTagOffset,
    ]
    let word = MemoryLayout<UnsafeRawPointer>.size
    #expect(Array(Self.offsets(Self.enumValueWitnessTable, word: word).suffix(3)) == named)
    // 10 * word + 8, 11 * word + 8, 12 * word + 8.
    #expect(Array(Self.offsets(Self.enumValueWitnessTable, word: 8).suffix(3)) == [88, 96, 104])
    #expect(Array(Self.offsets(Self.enumValueWitnessTable, word: 4).suffix(3)) == [48, 52, 56])
    #expect(
      MemoryLayout<EnumValueWitnessTable>.size == Self.offsets(Self.enumValueWitnessTable, word: word).last!
        + word)
  }

  @Test func metadataAndHeapObjectOffsetsForBothWordSizes() {
    let word = MemoryLayout<UnsafeRawPointer>.size
    // Enum metadata: kind, then the descriptor; a heap object: metadata, then reference counts.
    #expect(Self.offsets([.word, .word], word: word)[1] == EnumMetadataHeader.descriptionOffset)
    #expect(Self.offsets([.word, .word], word: 4) == [0, 4])
    #expect(HeapObjectHeader.size == 2 * word)
    #expect(EnumMetadataHeader.witnessTableOffset == -word)
  }

  @Test func descriptorOffsetsAreWordSizeIndependent() {
    // TargetEnumDescriptor: flags, parent, name, access function, fields, payload cases, empty cases.
    let descriptor = Self.offsets(Array(repeating: .bytes(4), count: 7), word: 4)
    #expect(descriptor == Self.offsets(Array(repeating: .bytes(4), count: 7), word: 8))
    #expect(descriptor[4] == EnumDescriptor.fieldsOffset)
    #expect(descriptor[5] == EnumDescriptor.payloadCasesOffset)
    // FieldDescriptor: type name, superclass, kind, record size, record count; then the records.
    let fields = Self.offsets([.bytes(4), .bytes(4), .bytes(2), .bytes(2), .bytes(4)], word: 4)
    #expect(fields[3] == FieldDescriptor.fieldRecordSizeOffset)
    #expect(fields[4] == FieldDescriptor.numFieldsOffset)
    #expect(FieldDescriptor.recordsOffset == 16)
    // FieldRecord: flags, type name, field name.
    #expect(FieldRecord.flagsOffset == 0)
    #expect(FieldRecord.mangledTypeNameOffset == 4)
    #expect(FieldRecord.fieldNameOffset == 8)
    #expect(MemoryLayout<FieldRecord>.size == 12)
  }

  private enum Leaf { case increment }
  private enum Level { case child(Leaf), value(Int), other }
  private indirect enum Boxed { case node(Int), leaf }

  @Test func enumReadsThroughTheNamedLayouts() {
    #expect(EnumTag.tag(of: Level.other) == 2)
    // Payload cases take the first tags; a zero-sized payload counts as no payload.
    #expect(EnumTag.tag(of: Level.value(3)) == 0)
    #expect(EnumTag.tag(of: Level.child(.increment)) == 1)
    #expect(EnumTag.tag(of: 3) == nil)
    #expect(EnumTag.payloadCaseCount(Level.self) == 1)
    #expect(EnumTag.isIndirect(Level.self, tag: 0) == false)
    #expect(EnumTag.isIndirect(Boxed.self, tag: 0) == true)
    #expect(EnumTag.payload(of: Level.value(7), tag: 0, indirect: false, as: Int.self) == 7)
    #expect(EnumTag.payload(of: Boxed.node(9), tag: 0, indirect: true, as: Int.self) == 9)
    #expect(
      EnumTag.payload(of: Level.child(.increment), tag: 1, indirect: false, as: Leaf.self) == .increment)
  }

  @Test func caseNamesAndPayloadTypesInTagOrder() {
    // Field records are in tag order: `value` (a payload case), then `child` (a zero-sized
    // payload, laid out as a case without payload), then `other`.
    #expect(EnumTag.caseName(Level.self, tag: 0) == "value")
    #expect(EnumTag.caseName(Level.self, tag: 1) == "child")
    #expect(EnumTag.caseName(Level.self, tag: 2) == "other")
    #expect(EnumTag.caseName(Level.self, tag: 3) == nil)
    #expect(EnumTag.caseName(Int.self, tag: 0) == nil)
    #expect(EnumTag.onlyCase(of: Level.self, withPayload: Int.self) == 0)
    #expect(EnumTag.onlyCase(of: Level.self, withPayload: Leaf.self) == 1)
    #expect(EnumTag.onlyCase(of: Level.self, withPayload: String.self) == nil)
    #expect(EnumTag.onlyCase(of: Boxed.self, withPayload: Int.self) == 0)
  }
}
