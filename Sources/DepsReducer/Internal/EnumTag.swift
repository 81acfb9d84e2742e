#if canImport(Synchronization) && !canImport(Darwin)
  import Synchronization
#else
  import DepsCore
#endif

/// Reads which case an enum value is in, through the Swift runtime's enum value witness.
///
/// Comparing case tags costs a few nanoseconds, against a microsecond for a `Mirror`: case paths
/// use it to reject a root in another case before reflecting on anything.
enum EnumTag {
  private typealias GetEnumTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32

  // The runtime's metadata kinds for enums and `Optional` (MetadataKind.h: 1 | IsNonHeap, 2 | ...).
  private static let enumKind = 0x201
  private static let optionalKind = 0x202

  // In the value witness table, `getEnumTag` follows the eight value witness functions (64
  // bytes), `size` and `stride` (16) and `flags` and `extraInhabitantCount` (8): byte 88.
  private static let getEnumTagOffset = 11 * MemoryLayout<UnsafeRawPointer>.size

  /// The case tag of `value`, or `nil` when `Root` is not an enum.
  @inline(__always)
  static func tag<Root>(of value: Root) -> UInt32? {
    let metadata = unsafeBitCast(Root.self as Any.Type, to: UnsafeRawPointer.self)
    let kind = metadata.load(as: Int.self)
    guard kind == enumKind || kind == optionalKind else { return nil }
    // The value witness table pointer is stored just before the metadata.
    let witnesses = metadata.load(
      fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    let getEnumTag = witnesses.load(fromByteOffset: getEnumTagOffset, as: GetEnumTag.self)
    return withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata) }
  }
}

/// The tag of the case a case path points at, learned on its first successful extraction.
final class LearnedEnumTag: Sendable {
  #if canImport(Synchronization) && !canImport(Darwin)
    // Tag + 1; 0 while not learned yet.
    private let storage = Atomic<UInt32>(0)

    @inline(__always)
    var value: UInt32? {
      let stored = storage.load(ordering: .relaxed)
      return stored == 0 ? nil : stored &- 1
    }

    func learn(_ tag: UInt32) { storage.store(tag &+ 1, ordering: .relaxed) }
  #else
    // Apple platforms before macOS 15 / iOS 18 have no `Synchronization`; a lock is correct.
    private let storage = Locked<UInt32?>(nil)

    var value: UInt32? { storage.withLock { $0 } }

    func learn(_ tag: UInt32) { storage.withLock { $0 = tag } }
  #endif
}
