#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The values one thread has resolved, valid while ``DependencyGeneration`` is unchanged.
///
/// Each thread owns its cache, so a hit reads and writes only memory no other thread touches: it
/// takes no lock and retains nothing (retaining a shared box would write its reference count,
/// which two threads reading at once would fight over).
///
/// The table is open addressing with linear probing and a multiplicative hash of the two words
/// of the key: cheaper than `Dictionary` with `Hasher` (SipHash) on the read path.
@usableFromInline
package final class ThreadReadCache {
  /// One resolved read: the scope (a node serial), what was read (a key type or a key path
  /// object, by address), and the boxed result. The table owns one reference to `box` and to
  /// `owner`, which keeps a key path object alive so its address is not reused while cached.
  struct Slot {
    var scope: UInt64
    var key: UInt
    var box: Unmanaged<AnyValueBox>?
    var owner: Unmanaged<AnyObject>?

    static var empty: Slot { Slot(scope: 0, key: 0, box: nil, owner: nil) }
  }

  /// A cache that would outgrow this many entries is cleared: dead environments leave entries
  /// behind.
  private static let capacity = 4096
  private static let initialSlots = 64

  /// What a lookup reads, behind a pointer: a class's `var`s would cost a dynamic exclusivity
  /// check (`swift_beginAccess`) on every access, more than the lookup itself.
  struct Header {
    var generation: UInt64
    var slots: UnsafeMutablePointer<Slot>
    /// `64 - log2(slot count)`: the multiplicative hash keeps its top bits.
    var shift: UInt64
    var slotCount: Int
  }

  private let header: UnsafeMutablePointer<Header>

  package var generation: UInt64 { header.pointee.generation }
  private var slots: UnsafeMutablePointer<Slot> {
    get { header.pointee.slots }
    set { header.pointee.slots = newValue }
  }
  private var shift: UInt64 {
    get { header.pointee.shift }
    set { header.pointee.shift = newValue }
  }
  private var slotCount: Int {
    get { header.pointee.slotCount }
    set { header.pointee.slotCount = newValue }
  }
  private var count: Int { occupied.count }
  /// The indices of the filled slots, so clearing costs the entries, not the table size.
  private var occupied: [Int] = []

  /// A number that identifies this thread while it lives.
  package let threadID: UInt64

  private init(threadID: UInt64) {
    self.threadID = threadID
    let slots = UnsafeMutablePointer<Slot>.allocate(capacity: Self.initialSlots)
    slots.initialize(repeating: .empty, count: Self.initialSlots)
    header = .allocate(capacity: 1)
    header.initialize(
      to: Header(
        generation: .max, slots: slots, shift: UInt64(64 - Self.initialSlots.trailingZeroBitCount),
        slotCount: Self.initialSlots))
  }

  deinit {
    releaseAll()
    slots.deallocate()
    header.deallocate()
  }

  @inline(__always)
  static func index(scope: UInt64, key: UInt, shift: UInt64) -> Int {
    let mixed = (UInt64(truncatingIfNeeded: key) ^ (scope &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
    return Int(truncatingIfNeeded: mixed >> shift)
  }

  /// The box cached for (`scope`, `key`) in `generation`, unretained: valid until the next
  /// ``store(_:scope:key:owner:generation:)`` on this thread.
  @inline(__always)
  package func lookup(scope: UInt64, key: UInt, generation: UInt64) -> Unmanaged<AnyValueBox>? {
    let header = self.header.pointee
    guard header.generation == generation else { return nil }
    let mask = header.slotCount &- 1
    var index = Self.index(scope: scope, key: key, shift: header.shift)
    while true {
      let slot = header.slots[index]
      guard let box = slot.box else { return nil }
      if slot.key == key && slot.scope == scope { return box }
      index = (index &+ 1) & mask
    }
  }

  /// The box the calling thread cached for (`scope`, `key`) in the current generation,
  /// unretained: valid until the thread's next store. The whole hit path of a read.
  @usableFromInline @inline(__always)
  package static func cachedBox(scope: UInt64, key: UInt) -> Unmanaged<AnyValueBox>? {
    let generation = DependencyGeneration.current
    return current._withUnsafeGuaranteedRef { $0.lookup(scope: scope, key: key, generation: generation) }
  }

  /// Caches `box` for (`scope`, `key`), resolved in `generation`; keeps `owner` alive with it.
  package func store(_ box: AnyValueBox, scope: UInt64, key: UInt, owner: AnyObject?, generation: UInt64) {
    if self.generation != generation || count >= Self.capacity {
      releaseAll()
      header.pointee.generation = generation
    }
    if (count + 1) * 2 > slotCount { grow() }
    var index = Self.index(scope: scope, key: key, shift: shift)
    while let existing = slots[index].box {
      if slots[index].key == key && slots[index].scope == scope {
        // A nested read (a default reading others) may have cached the same read already.
        existing.release()
        slots[index].owner?.release()
        slots[index].box = .passRetained(box)
        slots[index].owner = owner.map { .passRetained($0) }
        return
      }
      index = (index + 1) & (slotCount - 1)
    }
    slots[index] = Slot(
      scope: scope, key: key, box: .passRetained(box), owner: owner.map { .passRetained($0) })
    occupied.append(index)
  }

  private func releaseAll() {
    // Empty the table before releasing: a released value's deinit may read dependencies.
    let filled = occupied
    var released: [Slot] = []
    released.reserveCapacity(filled.count)
    for index in filled {
      released.append(slots[index])
      slots[index] = .empty
    }
    occupied.removeAll(keepingCapacity: true)
    for slot in released {
      slot.box?.release()
      slot.owner?.release()
    }
  }

  private func grow() {
    let old = slots
    let oldCount = slotCount
    slotCount *= 2
    shift -= 1
    slots = .allocate(capacity: slotCount)
    slots.initialize(repeating: .empty, count: slotCount)
    var moved: [Int] = []
    moved.reserveCapacity(slotCount / 2)
    for index in 0..<oldCount where old[index].box != nil {
      var target = Self.index(scope: old[index].scope, key: old[index].key, shift: shift)
      while slots[target].box != nil { target = (target + 1) & (slotCount - 1) }
      slots[target] = old[index]
      moved.append(target)
    }
    occupied = moved
    old.deallocate()
  }

  // MARK: Thread-local storage

  private static let threadIDs = Counter()

  private static let storageKey: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
      let status = pthread_key_create(&key) { pointer in
        Unmanaged<ThreadReadCache>.fromOpaque(pointer).release()
      }
    #else
      let status = pthread_key_create(&key) { pointer in
        guard let pointer else { return }
        Unmanaged<ThreadReadCache>.fromOpaque(pointer).release()
      }
    #endif
    precondition(
      status == 0, "Deps: pthread_key_create failed (\(status)); the process has no TLS keys left.")
    return key
  }()

  /// The calling thread's cache, unretained: the thread-local slot owns a reference for the
  /// thread's lifetime.
  @inline(__always)
  package static var current: Unmanaged<ThreadReadCache> {
    if let pointer = pthread_getspecific(storageKey) {
      return Unmanaged<ThreadReadCache>.fromOpaque(pointer)
    }
    return makeCurrent()
  }

  @inline(never)
  private static func makeCurrent() -> Unmanaged<ThreadReadCache> {
    let id = threadIDs.next()
    let cache = Unmanaged.passRetained(ThreadReadCache(threadID: id))
    pthread_setspecific(storageKey, cache.toOpaque())
    return cache
  }

  /// Runs `body` with the calling thread's cache, creating it on first use.
  @inline(__always)
  package static func withCurrent<R>(_ body: (ThreadReadCache) -> R) -> R {
    current._withUnsafeGuaranteedRef(body)
  }
}
