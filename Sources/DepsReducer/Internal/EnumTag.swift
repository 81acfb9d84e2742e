/// Reads an enum value's case and payload through the Swift runtime's enum value witnesses: a few
/// nanoseconds, against a microsecond or more for a `Mirror`. The layouts are the runtime's stable
/// ABI, modeled in `RuntimeLayouts.swift`, and every projection is checked against `Mirror` once
/// before it is trusted (see `EnumReflection`).
@usableFromInline
enum EnumTag {
  /// `nil` when `Root` is not an enum (or `Optional`).
  @inlinable
  static func enumMetadata<Root>(_: Root.Type) -> UnsafeRawPointer? {
    #if _ptrauth(_arm64e)
      // Pointer authentication signs the descriptor and value witness pointers that these reads
      // take raw, and calling an unsigned witness traps: read nothing, so that every caller takes
      // its `Mirror` path (case paths made there never call these; see `EnumReflection.readsLayouts`).
      return nil
    #else
      // A metatype is a pointer to its metadata: the runtime's representation of `Any.Type`.
      assert(MemoryLayout<Any.Type>.size == MemoryLayout<UnsafeRawPointer>.size)
      let metadata = unsafeBitCast(Root.self as Any.Type, to: UnsafeRawPointer.self)
      // Every type's metadata starts with its kind, one word.
      let kind = metadata.load(as: UInt.self)
      return kind == EnumMetadataHeader.enumKind || kind == EnumMetadataHeader.optionalKind
        ? metadata : nil
    #endif
  }

  @inlinable
  static func witnesses(_ metadata: UnsafeRawPointer) -> UnsafeRawPointer {
    // Every metadata has a value witness table; enum metadata (checked by `enumMetadata`) has the
    // enum one.
    metadata.load(fromByteOffset: EnumMetadataHeader.witnessTableOffset, as: UnsafeRawPointer.self)
  }

  @inlinable
  static func tag<Root>(of value: Root) -> UInt32? {
    guard let metadata = enumMetadata(Root.self) else { return nil }
    let getEnumTag = witnesses(metadata).load(
      fromByteOffset: EnumValueWitnessTable.getEnumTagOffset, as: GetEnumTag.self)
    // `value` is a `Root`, the enum `metadata` describes.
    return withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata) }
  }

  /// Payload cases take the tags below this count.
  @usableFromInline
  static func payloadCaseCount<Root>(_: Root.Type) -> UInt32? {
    guard let metadata = enumMetadata(Root.self) else { return nil }
    return payloadCaseCount(descriptor: descriptor(metadata))
  }

  static func descriptor(_ metadata: UnsafeRawPointer) -> UnsafeRawPointer {
    // Enum metadata (checked by `enumMetadata`) stores its descriptor's address after its kind.
    metadata.load(fromByteOffset: EnumMetadataHeader.descriptionOffset, as: UnsafeRawPointer.self)
  }

  static func payloadCaseCount(descriptor: UnsafeRawPointer) -> UInt32 {
    descriptor.load(fromByteOffset: EnumDescriptor.payloadCasesOffset, as: UInt32.self)
      & EnumDescriptor.payloadCasesMask
  }

  /// `nil` when `tag` is not a payload case or the enum has no field records. Payload cases take
  /// the first tags, in declaration order, and the compiler emits their field records first, in
  /// the same order.
  @usableFromInline
  static func isIndirect<Root>(_: Root.Type, tag: UInt32) -> Bool? {
    guard let metadata = enumMetadata(Root.self),
      tag < payloadCaseCount(descriptor: descriptor(metadata)),
      let record = fieldRecords(metadata)?.record(tag)
    else { return nil }
    let flags = record.load(fromByteOffset: FieldRecord.flagsOffset, as: UInt32.self)
    return flags & FieldRecord.isIndirectCase != 0
  }

  /// Field records are in tag order: payload cases first, then the cases without payload.
  static func caseName<Root>(_: Root.Type, tag: UInt32) -> String? {
    guard let metadata = enumMetadata(Root.self), let record = fieldRecords(metadata)?.record(tag)
    else { return nil }
    let name = relativeTarget(record + FieldRecord.fieldNameOffset)
    // The compiler emits case names as NUL-terminated UTF-8.
    return name.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
  }

  /// `nil` when no case, or more than one, has exactly a `Value` for payload.
  static func onlyCase<Root, Value>(of _: Root.Type, withPayload _: Value.Type) -> UInt32? {
    guard let metadata = enumMetadata(Root.self), let records = fieldRecords(metadata) else {
      return nil
    }
    var found: UInt32?
    for tag in 0..<records.count {
      guard let record = records.record(tag), payloadType(record: record, metadata: metadata) == Value.self
      else { continue }
      guard found == nil else { return nil }
      found = tag
    }
    return found
  }

  /// As written (`Any`, a superclass, the one-element tuple `(value: Any)` of
  /// `case event(value: Any)`), whatever its value holds.
  static func payloadType<Root>(_: Root.Type, tag: UInt32) -> Any.Type? {
    guard let metadata = enumMetadata(Root.self), let record = fieldRecords(metadata)?.record(tag)
    else { return nil }
    return payloadType(record: record, metadata: metadata)
  }

  private static func payloadType(record: UnsafeRawPointer, metadata: UnsafeRawPointer) -> Any.Type? {
    guard let name = relativeTarget(record + FieldRecord.mangledTypeNameOffset) else { return nil }
    let descriptor = descriptor(metadata)
    let flags = descriptor.load(as: UInt32.self)
    // A generic enum's arguments follow its metadata header; payload types may name them.
    let arguments =
      flags & EnumDescriptor.isGeneric != 0
      ? metadata + MemoryLayout<EnumMetadataHeader>.size : nil
    return _getTypeByMangledNameInContext(
      name.assumingMemoryBound(to: UInt8.self), UInt(mangledNameLength(name)),
      genericContext: descriptor, genericArguments: arguments)
  }

  struct FieldRecords {
    var first: UnsafeRawPointer
    var count: UInt32
    var size: Int

    func record(_ tag: UInt32) -> UnsafeRawPointer? {
      tag < count ? first + Int(tag) * size : nil
    }
  }

  static func fieldRecords(_ metadata: UnsafeRawPointer) -> FieldRecords? {
    // The field descriptor the compiler emitted; its record count and size bound every read.
    guard let fields = relativeTarget(descriptor(metadata) + EnumDescriptor.fieldsOffset) else {
      return nil
    }
    let size = Int(
      fields.load(fromByteOffset: FieldDescriptor.fieldRecordSizeOffset, as: UInt16.self))
    let count = fields.load(fromByteOffset: FieldDescriptor.numFieldsOffset, as: UInt32.self)
    guard size >= MemoryLayout<FieldRecord>.size else { return nil }
    return FieldRecords(first: fields + FieldDescriptor.recordsOffset, count: count, size: size)
  }

  /// A relative pointer is an offset from its own address; 0 is `nil`.
  static func relativeTarget(_ pointer: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = pointer.load(as: Int32.self)
    return offset == 0 ? nil : pointer + Int(offset)
  }

  /// The length of a mangled name in metadata: up to its NUL, stepping over symbolic references,
  /// whose bytes may be 0 (swift/Demangling/ManglingUtils: a control byte 1...0x17 is followed by
  /// a 32-bit relative offset, one of 0x18...0x1F by a pointer).
  static func mangledNameLength(_ name: UnsafeRawPointer) -> Int {
    var length = 0
    while true {
      let byte = name.load(fromByteOffset: length, as: UInt8.self)
      switch byte {
      case 0: return length
      case 0x01...0x17: length += 1 + MemoryLayout<Int32>.size
      case 0x18...0x1F: length += 1 + MemoryLayout<UnsafeRawPointer>.size
      default: length += 1
      }
    }
  }

  /// The payload is projected out of a copy of `root` whose tag is put back before the copy is
  /// destroyed, so that `root` itself is never touched.
  @inlinable
  static func withPayload<Root, R>(
    of root: Root, tag: UInt32, indirect: Bool, alignment: Int, _ body: (UnsafeRawPointer) -> R
  ) -> R? {
    guard let metadata = enumMetadata(Root.self) else { return nil }
    let table = witnesses(metadata)
    let project = table.load(
      fromByteOffset: EnumValueWitnessTable.projectEnumDataOffset, as: ProjectEnumData.self)
    let inject = table.load(
      fromByteOffset: EnumValueWitnessTable.injectEnumTagOffset, as: InjectEnumTag.self)
    assert(EnumTag.tag(of: root) == tag, "Deps: projecting the payload of another case")
    var copy = root
    return withUnsafeMutablePointer(to: &copy) { pointer in
      let raw = UnsafeMutableRawPointer(pointer)
      project(raw, metadata)
      defer { inject(raw, tag, metadata) }
      guard indirect else { return body(UnsafeRawPointer(raw)) }
      // An indirect payload is a pointer to a heap box, which stores the payload after its
      // header, aligned for it.
      let box = raw.load(as: UnsafeRawPointer.self)
      let offset = (HeapObjectHeader.size + alignment - 1) & ~(alignment - 1)
      return body(box + offset)
    }
  }

  /// Only for a case whose payload is known to be exactly a `Value` (see
  /// ``payloadBytesMatch(of:tag:indirect:value:)``).
  @inlinable
  static func payload<Root, Value>(
    of root: Root, tag: UInt32, indirect: Bool, as _: Value.Type
  ) -> Value? {
    // A zero-sized payload has no bytes to project, and the compiler lays its case out as a case
    // without payload: loading it reads no byte, and any aligned address holds its one value.
    if MemoryLayout<Value>.size == 0 {
      return withUnsafeTemporaryAllocation(
        byteCount: 1, alignment: MemoryLayout<Value>.alignment
      ) { $0.baseAddress!.load(as: Value.self) }
    }
    // The caller checked once, against `Mirror`, that this case's payload is a `Value`.
    return withPayload(
      of: root, tag: tag, indirect: indirect, alignment: MemoryLayout<Value>.alignment
    ) { $0.load(as: Value.self) }
  }

  /// Compared without loading the payload as a typed value, which would be unsafe if the layout
  /// were not what is expected.
  static func payloadBytesMatch<Root, Value>(
    of root: Root, tag: UInt32, indirect: Bool, value: Value
  ) -> Bool {
    if MemoryLayout<Value>.size == 0 { return true }
    // Called once `Mirror` showed that the payload is a `Value`: an inline payload fits in `Root`.
    assert(indirect || MemoryLayout<Value>.size <= MemoryLayout<Root>.size)
    let matched = withPayload(
      of: root, tag: tag, indirect: indirect, alignment: MemoryLayout<Value>.alignment
    ) { payload in
      withUnsafeBytes(of: value) { expected in
        expected.elementsEqual(UnsafeRawBufferPointer(start: payload, count: expected.count))
      }
    }
    return matched ?? false
  }
}
