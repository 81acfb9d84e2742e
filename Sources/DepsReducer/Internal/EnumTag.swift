import DepsCore

/// Reads an enum value's case and payload through the Swift runtime's enum value witnesses.
///
/// Case paths made with the `/` operator learn their case by reflection once; from then on,
/// comparing case tags rejects a root in another case in a few nanoseconds, and projecting the
/// payload out of a copy takes it out of a root in the case, against a microsecond or more for a
/// `Mirror`. The layouts read here are the runtime's stable ABI (swift/ABI/Metadata.h), and every
/// projection is checked against `Mirror` once before it is trusted (see `EnumReflection`).
@usableFromInline
enum EnumTag {
  @usableFromInline typealias GetEnumTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  @usableFromInline typealias ProjectEnumData =
    @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
  @usableFromInline typealias InjectEnumTag =
    @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

  @usableFromInline static let word = MemoryLayout<UnsafeRawPointer>.size

  // The runtime's metadata kinds for enums and `Optional` (MetadataKind.def: 1 | IsNonHeap, 2 | ...).
  @usableFromInline static let enumKind = 0x201
  @usableFromInline static let optionalKind = 0x202

  // In the value witness table, the enum witnesses follow the eight value witness functions,
  // `size`, `stride` (one word each), `flags` and `extraInhabitantCount` (4 bytes each).
  @usableFromInline static let getEnumTagOffset = 11 * word
  @usableFromInline static let projectEnumDataOffset = 12 * word
  @usableFromInline static let injectEnumTagOffset = 13 * word

  /// An address to load zero-sized values from: a load reads no byte of it.
  @usableFromInline nonisolated(unsafe) static let zeroSizedStorage = UnsafeRawPointer(
    UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16))

  // A heap box starts with the object header (metadata and reference counts): two words.
  @usableFromInline static let boxHeaderSize = 2 * word

  @inlinable
  static func enumMetadata<Root>(_: Root.Type) -> UnsafeRawPointer? {
    let metadata = unsafeBitCast(Root.self as Any.Type, to: UnsafeRawPointer.self)
    let kind = metadata.load(as: Int.self)
    return kind == enumKind || kind == optionalKind ? metadata : nil
  }

  @inlinable
  static func witnesses(_ metadata: UnsafeRawPointer) -> UnsafeRawPointer {
    // The value witness table pointer is stored just before the metadata.
    metadata.load(fromByteOffset: -word, as: UnsafeRawPointer.self)
  }

  /// The case tag of `value`, or `nil` when `Root` is not an enum.
  @inlinable
  static func tag<Root>(of value: Root) -> UInt32? {
    guard let metadata = enumMetadata(Root.self) else { return nil }
    let getEnumTag = witnesses(metadata).load(fromByteOffset: getEnumTagOffset, as: GetEnumTag.self)
    return withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata) }
  }

  /// Whether the payload case with `tag` is `indirect` (boxed), from the enum's field records;
  /// `nil` when `tag` is not a payload case or the enum has no field records.
  ///
  /// Payload cases take the first tags, in declaration order, and the compiler emits their field
  /// records first, in the same order.
  @usableFromInline static func isIndirect(_ metadata: UnsafeRawPointer, tag: UInt32) -> Bool? {
    // TargetEnumDescriptor: flags, parent, name, access function, fields (relative pointers,
    // 4 bytes each), then the number of payload cases in the low 24 bits.
    let descriptor = metadata.load(fromByteOffset: word, as: UnsafeRawPointer.self)
    let payloadCases = descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF
    let fieldsPointer = descriptor + 16
    let fieldsOffset = fieldsPointer.load(as: Int32.self)
    guard tag < payloadCases, fieldsOffset != 0 else { return nil }
    // FieldDescriptor: mangled name, superclass (4 bytes each), kind and record size (2 each),
    // number of records (4), then the records: flags (bit 0: indirect case), type, name.
    let fields = fieldsPointer + Int(fieldsOffset)
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let records = fields.load(fromByteOffset: 12, as: UInt32.self)
    guard tag < records else { return nil }
    return fields.load(fromByteOffset: 16 + Int(tag) * recordSize, as: UInt32.self) & 1 != 0
  }

  /// Runs `body` with the address of the payload of `root`, which is in the payload case `tag`;
  /// `nil` when the layout cannot be read.
  ///
  /// The payload is projected out of a copy of `root` whose tag is put back before the copy is
  /// destroyed, so `root` itself is never touched.
  @usableFromInline static func withPayload<Root, R>(
    of root: Root, tag: UInt32, alignment: Int, _ body: (UnsafeRawPointer) -> R
  ) -> R? {
    guard let metadata = enumMetadata(Root.self), let indirect = isIndirect(metadata, tag: tag) else {
      return nil
    }
    let table = witnesses(metadata)
    let project = table.load(fromByteOffset: projectEnumDataOffset, as: ProjectEnumData.self)
    let inject = table.load(fromByteOffset: injectEnumTagOffset, as: InjectEnumTag.self)
    var copy = root
    return withUnsafeMutablePointer(to: &copy) { pointer in
      let raw = UnsafeMutableRawPointer(pointer)
      project(raw, metadata)
      defer { inject(raw, tag, metadata) }
      guard indirect else { return body(UnsafeRawPointer(raw)) }
      let box = raw.load(as: UnsafeRawPointer.self)
      let offset = (boxHeaderSize + alignment - 1) & ~(alignment - 1)
      return body(box + offset)
    }
  }

  /// The payload of `root`, in the payload case `tag`, as a `Value`.
  ///
  /// Only call it for a case whose payload is known to be exactly a `Value` (see
  /// ``payloadBytesMatch(of:tag:value:)``).
  @inlinable
  static func payload<Root, Value>(of root: Root, tag: UInt32, as _: Value.Type) -> Value? {
    // A zero-sized payload (an enum of one case, an empty struct) has no bytes to project, and the
    // compiler lays its case out as a case without payload: any address holds its one value.
    if MemoryLayout<Value>.size == 0 {
      return zeroSizedStorage.load(as: Value.self)
    }
    return withPayload(of: root, tag: tag, alignment: MemoryLayout<Value>.alignment) {
      $0.load(as: Value.self)
    }
  }

  /// Whether the payload of `root` has the same bytes as `value`, compared without loading the
  /// payload as a typed value (which would be unsafe if the layout were not what is expected).
  static func payloadBytesMatch<Root, Value>(of root: Root, tag: UInt32, value: Value) -> Bool {
    if MemoryLayout<Value>.size == 0 { return true }
    let matched = withPayload(of: root, tag: tag, alignment: MemoryLayout<Value>.alignment) {
      payload in
      withUnsafeBytes(of: value) { expected in
        expected.elementsEqual(UnsafeRawBufferPointer(start: payload, count: expected.count))
      }
    }
    return matched ?? false
  }
}

/// What a case path made with `/` learned about its case on its first successful extraction: the
/// case's tag, and whether its payload can be projected without reflection.
@usableFromInline
final class LearnedEnumCase: Sendable {
  @inlinable init() {}

  @usableFromInline
  struct Case {
    @usableFromInline var tag: UInt32
    /// Whether the payload projection was checked against `Mirror` (it needs a root in the case).
    @usableFromInline var checked: Bool
    @usableFromInline var projectable: Bool

    @inlinable
    init(tag: UInt32, checked: Bool, projectable: Bool) {
      self.tag = tag
      self.checked = checked
      self.projectable = projectable
    }
  }

  // 0 while nothing is learned; else bit 32 set, bit 33 for checked, bit 34 for projectable, and
  // the tag in the low bits.
  @usableFromInline let storage = AtomicWord()

  @inlinable
  var value: Case? {
    let stored = storage.load()
    guard stored != 0 else { return nil }
    return Case(
      tag: UInt32(truncatingIfNeeded: stored), checked: stored & (1 << 33) != 0,
      projectable: stored & (1 << 34) != 0)
  }

  @usableFromInline
  func learn(_ learned: Case) {
    let flags: UInt64 = 1 << 32 | (learned.checked ? 1 << 33 : 0) | (learned.projectable ? 1 << 34 : 0)
    storage.store(flags | UInt64(learned.tag))
  }
}
