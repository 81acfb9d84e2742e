#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Deps supports Apple platforms and Linux: this platform has neither Darwin, Glibc nor Musl.")
#endif

/// The values one thread has resolved, so that its next read of the same dependency at the same
/// node takes no node lock and walks no path.
///
/// An entry is keyed by the reading node's serial and the key type or key path object read, by
/// address, and holds the ``ValueBox`` the read returns from.
///
/// **Lifetime.** Every thread's cache is registered, and a write (``purgeAll()``) or the end of a
/// node or scope some thread cached (``purge(scope:)``) empties every cache at once, so no value
/// outlives its use. Each cache has its own lock (``CacheLock``), taken by a read while it copies a
/// value out and by a purge while it takes entries out, so a purge never frees a box being read;
/// nearly always free. Purged boxes are released with no lock held: `deinit` is user code.
@usableFromInline
package final class ThreadReadCache: @unchecked Sendable {
  // @unchecked: the table is only touched with `lock` held, by the owning thread or by a purge.

  /// One cached read. The table owns one reference to `box`, and to `owner`, which keeps a key
  /// path object alive so that its address names no other key path while cached.
  @usableFromInline
  struct Slot {
    @usableFromInline var scope: UInt64
    @usableFromInline var key: UInt
    @usableFromInline var box: Unmanaged<AnyValueBox>?
    var owner: Unmanaged<AnyObject>?

    static var empty: Slot { Slot(scope: 0, key: 0, box: nil, owner: nil) }

    /// Gives up the table's references. Runs user code (a value's `deinit`): never under a lock.
    func release() {
      box?.release()
      owner?.release()
    }
  }

  /// The open-addressing table (linear probing, multiplicative hash: cheaper than `Dictionary`),
  /// behind a pointer: a class's `var`s cost a dynamic exclusivity check per access, more than a lookup.
  @usableFromInline
  struct Table {
    @usableFromInline var slots: UnsafeMutablePointer<Slot>
    /// `64 - log2(slotCount)`: the multiplicative hash keeps its top bits.
    @usableFromInline var shift: UInt64
    @usableFromInline var slotCount: Int
    var count: Int
    /// The scope last read through uncached (``isRepeatedRead(scope:)``): owning thread only, unlocked.
    @usableFromInline var lastUncachedScope: UInt64 = 0
  }

  /// A cache that would outgrow this many entries is emptied first.
  private static let capacity = 4096
  private static let initialSlots = 64

  @usableFromInline let table: UnsafeMutablePointer<Table>
  @usableFromInline let lock = CacheLock()

  /// The thread that reads through this cache; others only purge it.
  let thread: ThreadID

  @usableFromInline var isOwnedByCallingThread: Bool { thread == ThreadID.current }

  private init(thread: ThreadID) {
    self.thread = thread
    let slots = UnsafeMutablePointer<Slot>.allocate(capacity: Self.initialSlots)
    slots.initialize(repeating: .empty, count: Self.initialSlots)
    table = .allocate(capacity: 1)
    table.initialize(
      to: Table(
        slots: slots, shift: UInt64(64 - Self.initialSlots.trailingZeroBitCount),
        slotCount: Self.initialSlots, count: 0))
  }

  deinit {
    for slot in takeEntries(where: { _ in true }) { slot.release() }
    table.pointee.slots.deallocate()
    table.deallocate()
  }

  @inlinable @inline(__always)
  static func index(scope: UInt64, key: UInt, shift: UInt64) -> Int {
    let mixed = (UInt64(truncatingIfNeeded: key) ^ (scope &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
    // `shift` is below 64 (a table has at least 2 slots): the masking shift, one instruction.
    return Int(truncatingIfNeeded: mixed &>> shift)
  }

  // MARK: Reading

  /// The value the calling thread cached for (`scope`, `key`), or `nil`: the whole hit path of a
  /// read, no node lock, no retain. Only a `ValueBox<Value>` is stored under a key whose reads return
  /// `Value` (a key type's is checked with `as?` when resolved; a key path's type fixes `Value`).
  @inlinable @inline(__always)
  package static func cachedValue<Value>(scope: UInt64, key: UInt, as _: Value.Type) -> Value? {
    // The thread-local slot keeps the cache alive (see `current`).
    current._withUnsafeGuaranteedRef { $0.value(scope: scope, key: key, as: Value.self) }
  }

  /// Whether the calling thread's last uncached read through a cache-from-second-read node was
  /// through `scope` too; else remembers `scope`. A scope read once (most are) is spared caching and
  /// the purge at its end; two scopes read alternately are never cached: correct, as slow as a miss.
  package static func isRepeatedRead(scope: UInt64) -> Bool {
    // The thread-local slot keeps the cache alive; only this thread touches the field.
    current._withUnsafeGuaranteedRef { cache in
      guard cache.table.pointee.lastUncachedScope == scope else {
        cache.table.pointee.lastUncachedScope = scope
        return false
      }
      return true
    }
  }

  /// The box the calling thread cached for (`scope`, `key`), retained, or `nil`.
  package static func cachedBox(scope: UInt64, key: UInt) -> AnyValueBox? {
    // The thread-local slot keeps the cache alive (see `current`).
    current._withUnsafeGuaranteedRef { cache in
      cache.lock.lock()
      defer { cache.lock.unlock() }
      return cache.lookup(scope: scope, key: key)?.takeUnretainedValue()
    }
  }

  /// The value this cache holds for (`scope`, `key`), or `nil`; on the owning thread.
  @inlinable @inline(__always)
  func value<Value>(scope: UInt64, key: UInt, as _: Value.Type) -> Value? {
    lock.lock()
    defer { lock.unlock() }
    return storedValue(scope: scope, key: key, as: Value.self)
  }

  @inlinable @inline(__always)
  func storedValue<Value>(scope: UInt64, key: UInt, as _: Value.Type) -> Value? {
    guard let box = lookup(scope: scope, key: key) else { return nil }
    // Unretained: the table owns a reference, and no purge takes it out meanwhile.
    return box._withUnsafeGuaranteedRef { box in
      assert(
        box is ValueBox<Value>, "Deps: the read cache holds a \(type(of: box)) for a \(Value.self) read.")
      return unsafeDowncast(box, to: ValueBox<Value>.self).value
    }
  }

  /// For assertions.
  @usableFromInline var mayProbe: Bool { lock.isLocked && isOwnedByCallingThread }

  /// The box cached for (`scope`, `key`), unretained: valid while the lock is held, or while the
  /// cache is marked as being read with no purge at work.
  @inlinable @inline(__always)
  func lookup(scope: UInt64, key: UInt) -> Unmanaged<AnyValueBox>? {
    assert(mayProbe, "Deps: a read cache was read unlocked or off its thread.")
    let table = self.table.pointee
    let mask = table.slotCount &- 1
    var index = Self.index(scope: scope, key: key, shift: table.shift)
    while true {
      let slot = table.slots[index]
      guard let box = slot.box else { return nil }
      if slot.key == key && slot.scope == scope { return box }
      index = (index &+ 1) & mask
    }
  }

  /// For tests.
  package static func cachedKeys(scope: UInt64) -> [UInt] {
    // The thread-local slot keeps the cache alive (see `current`).
    current._withUnsafeGuaranteedRef { cache in
      cache.lock.lock()
      defer { cache.lock.unlock() }
      let table = cache.table.pointee
      return (0..<table.slotCount).compactMap { index in
        let slot = table.slots[index]
        return slot.box != nil && slot.scope == scope ? slot.key : nil
      }
    }
  }

  // MARK: Scopes

  private static let scopeSerials = Counter()

  /// A new scope for cached reads (a node, a `GlobalDeps` scope): never the same twice, never 0.
  package static func newScope() -> UInt64 { scopeSerials.next() }

  // MARK: Storing

  /// Caches `box` for (`scope`, `key`) on the calling thread, unless a write happened since
  /// `generation` was loaded: the value may be stale, and its purge over. Keeps `owner` alive with it.
  package static func store(
    _ box: AnyValueBox, scope: UInt64, key: UInt, owner: AnyObject?, generation: UInt64
  ) {
    // The thread-local slot keeps the cache alive (see `current`).
    current._withUnsafeGuaranteedRef { cache in
      cache.store(box, scope: scope, key: key, owner: owner, generation: generation)
    }
  }

  private func store(_ box: AnyValueBox, scope: UInt64, key: UInt, owner: AnyObject?, generation: UInt64) {
    var released: [Slot] = []
    lock.lock()
    assert(thread == ThreadID.current, "Deps: \(ThreadID.current) stored into the read cache of \(thread).")
    // Under the lock: a write advances the generation before it purges, so either this entry goes
    // in before the purge takes it out, or the write is seen here and nothing goes in.
    guard DependencyGeneration.current == generation else {
      lock.unlock()
      return
    }
    if table.pointee.count >= Self.capacity {
      released = takeEntries(where: { _ in true })
    }
    if (table.pointee.count + 1) * 2 > table.pointee.slotCount { grow() }
    // The table's own references, given up by `Slot.release()` when the entry is taken out.
    let new = Slot(scope: scope, key: key, box: .passRetained(box), owner: owner.map { .passRetained($0) })
    let slots = table.pointee.slots
    let mask = table.pointee.slotCount - 1
    var index = Self.index(scope: scope, key: key, shift: table.pointee.shift)
    while slots[index].box != nil {
      if slots[index].key == key && slots[index].scope == scope {
        // A nested read (a default reading others) may have cached the same read already.
        break
      }
      index = (index + 1) & mask
    }
    if slots[index].box == nil {
      table.pointee.count += 1
    } else {
      released.append(slots[index])
    }
    slots[index] = new
    assert(
      lookup(scope: scope, key: key)?.toOpaque() == new.box?.toOpaque(), "Deps: a stored read is not found.")
    lock.unlock()
    for slot in released { slot.release() }
  }

  /// Takes out the entries `remove` picks and rehashes the rest; with `lock` held, release unlocked.
  private func takeEntries(where remove: (Slot) -> Bool) -> [Slot] {
    guard table.pointee.count > 0 else { return [] }
    let slots = table.pointee.slots
    var any = false
    for index in 0..<table.pointee.slotCount where slots[index].box != nil && remove(slots[index]) {
      any = true
      break
    }
    guard any else { return [] }
    var taken: [Slot] = []
    var kept: [Slot] = []
    for index in 0..<table.pointee.slotCount where slots[index].box != nil {
      if remove(slots[index]) { taken.append(slots[index]) } else { kept.append(slots[index]) }
      slots[index] = .empty
    }
    table.pointee.count = 0
    for slot in kept { insert(slot) }
    return taken
  }

  private func insert(_ slot: Slot) {
    let mask = table.pointee.slotCount - 1
    var index = Self.index(scope: slot.scope, key: slot.key, shift: table.pointee.shift)
    while table.pointee.slots[index].box != nil { index = (index + 1) & mask }
    table.pointee.slots[index] = slot
    table.pointee.count += 1
  }

  private func grow() {
    let old = table.pointee.slots
    let oldCount = table.pointee.slotCount
    table.pointee.slotCount *= 2
    table.pointee.shift -= 1
    table.pointee.slots = .allocate(capacity: table.pointee.slotCount)
    table.pointee.slots.initialize(repeating: .empty, count: table.pointee.slotCount)
    table.pointee.count = 0
    for index in 0..<oldCount where old[index].box != nil { insert(old[index]) }
    old.deallocate()
  }

  // MARK: Purging

  private static let registry = Locked<[ObjectIdentifier: ThreadReadCache]>([:])

  /// Empties every thread's cache. A write calls it after advancing ``DependencyGeneration``.
  package static func purgeAll() {
    purge { _ in true }
  }

  /// Drops every thread's entries for the node whose serial is `scope`, which is going away.
  package static func purge(scope: UInt64) {
    purge { $0.scope == scope }
  }

  private static func purge(where remove: (Slot) -> Bool) {
    purgesInFlight.add(1)
    defer { purgesInFlight.subtractOne() }
    let caches = registry.withLock { Array($0.values) }
    for cache in caches {
      cache.lock.lock()
      let taken = cache.takeEntries(where: remove)
      cache.lock.unlock()
      for slot in taken { slot.release() }
    }
  }

  /// Purges started and not yet done releasing: a purge that finds a cache emptied by another may
  /// return before that one released its values. Purges do not wait for it themselves: a released
  /// value's `deinit` may write, and a purge waiting for the purge it runs inside would never end.
  private static let purgesInFlight = AtomicWord()

  /// For tests that check a value was freed while other tests write.
  package static func waitForPurges() {
    while purgesInFlight.load() != 0 { sched_yield() }
  }

  // MARK: Thread-local storage

  /// The thread-local slot; its destructor gets the retained cache `makeCurrent` stored. Reads find
  /// it in ``ReadPathWords``: this lazy global would run its `swift_once` check on every read.
  private static let storageKey: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
      let status = pthread_key_create(&key) { pointer in
        // The slot only ever holds the retained cache `makeCurrent` stored.
        ThreadReadCache.threadDidExit(Unmanaged<ThreadReadCache>.fromOpaque(pointer))
      }
    #else
      let status = pthread_key_create(&key) { pointer in
        guard let pointer else { return }
        // The slot only ever holds the retained cache `makeCurrent` stored.
        ThreadReadCache.threadDidExit(Unmanaged<ThreadReadCache>.fromOpaque(pointer))
      }
    #endif
    precondition(
      status == 0, "Deps: pthread_key_create failed (\(status)); the process has no TLS keys left.")
    return key
  }()

  /// The calling thread's cache, unretained: the thread-local slot owns a reference.
  @inlinable @inline(__always)
  static var current: Unmanaged<ThreadReadCache> {
    let published = ReadPathWords.words.readCacheKey.load()
    // The key plus one, published before any thread stored a cache under it.
    if published != 0, let pointer = pthread_getspecific(pthread_key_t(truncatingIfNeeded: published &- 1)) {
      // Only `makeCurrent` sets the slot: to a retained `ThreadReadCache`.
      return Unmanaged<ThreadReadCache>.fromOpaque(pointer)
    }
    return makeCurrent()
  }

  @usableFromInline
  static func makeCurrent() -> Unmanaged<ThreadReadCache> {
    let key = storageKey
    // Every thread that races here publishes the same key.
    ReadPathWords.words.readCacheKey.store(UInt64(key) + 1)
    if let pointer = pthread_getspecific(key) {
      // Made by this thread before the key was published (the slot is only set here).
      return Unmanaged<ThreadReadCache>.fromOpaque(pointer)
    }
    let cache = ThreadReadCache(thread: .current)
    registry.withLock { $0[ObjectIdentifier(cache)] = cache }
    let retained = Unmanaged.passRetained(cache)
    PthreadCall.check(pthread_setspecific(key, retained.toOpaque()), "pthread_setspecific")
    return retained
  }

  private static func threadDidExit(_ cache: Unmanaged<ThreadReadCache>) {
    // The slot is already clear: a read later in the exit makes a cache anew, freed in the next round.
    // The slot held the reference `makeCurrent` retained; the thread gives it up here.
    let cache = cache.takeRetainedValue()
    _ = registry.withLock { $0.removeValue(forKey: ObjectIdentifier(cache)) }
    cache.lock.lock()
    let taken = cache.takeEntries(where: { _ in true })
    cache.lock.unlock()
    for slot in taken { slot.release() }
  }
}
