// The Swift runtime's layouts that enum reflection reads, from its stable ABI
// (swift/ABI/Metadata.h, swift/ABI/ValueWitness.def, swift/RemoteInspection/Records.h). Every
// offset is taken with `MemoryLayout.offset(of:)`, so that it follows the platform's word size;
// `RuntimeLayoutTests` computes the same offsets for 4- and 8-byte words from the ABI's field list.

/// `getEnumTag(value, metadata)`: the case tag of the enum value at `value`.
@usableFromInline typealias GetEnumTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
/// `destructiveProjectEnumData(value, metadata)`: leaves the payload in place of the enum value.
@usableFromInline typealias ProjectEnumData =
  @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
/// `destructiveInjectEnumTag(value, tag, metadata)`: turns a payload back into an enum value.
@usableFromInline typealias InjectEnumTag =
  @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

/// `EnumValueWitnessTable`: the value witnesses every type has, then the three enum witnesses.
@usableFromInline
struct EnumValueWitnessTable {
  var initializeBufferWithCopyOfBuffer: UnsafeRawPointer
  var destroy: UnsafeRawPointer
  var initializeWithCopy: UnsafeRawPointer
  var assignWithCopy: UnsafeRawPointer
  var initializeWithTake: UnsafeRawPointer
  var assignWithTake: UnsafeRawPointer
  var getEnumTagSinglePayload: UnsafeRawPointer
  var storeEnumTagSinglePayload: UnsafeRawPointer
  var size: UInt
  var stride: UInt
  var flags: UInt32
  var extraInhabitantCount: UInt32
  @usableFromInline var getEnumTag: GetEnumTag
  @usableFromInline var destructiveProjectEnumData: ProjectEnumData
  @usableFromInline var destructiveInjectEnumTag: InjectEnumTag

  // Computed where used: the optimizer folds `offset(of:)` of a stored property to a constant.
  @inlinable static var getEnumTagOffset: Int { MemoryLayout<Self>.offset(of: \.getEnumTag)! }
  @inlinable static var projectEnumDataOffset: Int {
    MemoryLayout<Self>.offset(of: \.destructiveProjectEnumData)!
  }
  @inlinable static var injectEnumTagOffset: Int {
    MemoryLayout<Self>.offset(of: \.destructiveInjectEnumTag)!
  }
}

/// The start of `TargetEnumMetadata`; the value witness table's address is in the word before it.
@usableFromInline
struct EnumMetadataHeader {
  var kind: UInt
  var description: UnsafeRawPointer

  @usableFromInline static let descriptionOffset = MemoryLayout<Self>.offset(of: \.description)!
  @usableFromInline static let witnessTableOffset = -MemoryLayout<UnsafeRawPointer>.size

  /// The kinds of enum and `Optional` metadata (MetadataKind.def: `1 | IsNonHeap`, `2 | IsNonHeap`).
  @usableFromInline static let enumKind: UInt = 0x201
  @usableFromInline static let optionalKind: UInt = 0x202
}

/// `TargetEnumDescriptor`: 32-bit fields and relative pointers only, the same on every word size.
struct EnumDescriptor {
  var flags: UInt32
  var parent: Int32
  var name: Int32
  var accessFunction: Int32
  /// 0 when there are no field records.
  var fields: Int32
  /// The number of payload cases in the low 24 bits.
  var payloadCasesAndPayloadSizeOffset: UInt32
  var emptyCases: UInt32

  static let fieldsOffset = MemoryLayout<Self>.offset(of: \.fields)!
  /// `ContextDescriptorFlags::isGeneric`, in `flags`.
  static let isGeneric: UInt32 = 0x80
  static let payloadCasesOffset = MemoryLayout<Self>.offset(of: \.payloadCasesAndPayloadSizeOffset)!
  static let payloadCasesMask: UInt32 = 0x00FF_FFFF
}

/// `FieldDescriptor`, the header the field records follow.
struct FieldDescriptor {
  var mangledTypeName: Int32
  var superclass: Int32
  var kind: UInt16
  var fieldRecordSize: UInt16
  var numFields: UInt32

  static let fieldRecordSizeOffset = MemoryLayout<Self>.offset(of: \.fieldRecordSize)!
  static let numFieldsOffset = MemoryLayout<Self>.offset(of: \.numFields)!
  static let recordsOffset = MemoryLayout<Self>.size
}

/// `FieldRecord`: for an enum, one case, payload cases first.
struct FieldRecord {
  var flags: UInt32
  var mangledTypeName: Int32
  var fieldName: Int32

  static let flagsOffset = MemoryLayout<Self>.offset(of: \.flags)!
  /// 0 for a case without payload.
  static let mangledTypeNameOffset = MemoryLayout<Self>.offset(of: \.mangledTypeName)!
  static let fieldNameOffset = MemoryLayout<Self>.offset(of: \.fieldName)!
  /// `FieldRecordFlags::IsIndirectCase`.
  static let isIndirectCase: UInt32 = 0x1
}

/// `HeapObject`: an `indirect` case's box stores its payload after it.
@usableFromInline
struct HeapObjectHeader {
  var metadata: UnsafeRawPointer
  var refCounts: UInt

  @usableFromInline static let size = MemoryLayout<Self>.size
}
