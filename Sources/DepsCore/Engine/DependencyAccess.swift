/// How a property wrapper reads its dependency: through a key path or a key type.
///
/// A class rather than a closure, so a wrapper generic over its key stays `Sendable` without
/// capturing the key's metatype. Interned (one per key type or key path, forever), so wrappers hold
/// it unretained: copying a wrapper on every read writes no reference count that threads contend on.
@usableFromInline
package class DependencyAccess<Value>: @unchecked Sendable {
  // @unchecked: subclasses hold only immutable key paths or nothing; `get` is immutable.

  /// The property's getter, formed where the key path is a literal, which the optimizer turns into
  /// a direct call without the key path projection (most of an uncached read's cost). It takes
  /// `Dependencies` `inout` so the getter reads them in place: no retain and release of the reader.
  @usableFromInline let get: (@Sendable (inout Dependencies) -> Value)?

  /// `get != nil && site == nil` as a plain field: code specialized for `Value` tests it without
  /// forming the closure (it would wrap it in a thunk, allocated per read).
  @usableFromInline let hasGet: Bool

  /// The declaring `@Dependency`'s site, in a test process (one access per declaration there); a read
  /// that misses the cache makes it known to the default it may build (see `TestValueCheck`).
  let site: DependencyReadSite?

  init(get: (@Sendable (inout Dependencies) -> Value)?, site: DependencyReadSite?) {
    self.get = get
    self.hasGet = get != nil && site == nil
    self.site = site
  }

  /// Runs `read`, a read that the thread's cache did not answer, with ``site`` made known.
  final func missed<R>(_ read: () -> R) -> R {
    guard let site else { return read() }
    return TestValueCheck.reading(from: site, read)
  }

  @usableFromInline
  final func runGetter(_ dependencies: inout Dependencies) -> Value {
    guard let get else { preconditionFailure("Deps: a read through a getter the access has not.") }
    return get(&dependencies)
  }

  package func read(at node: DependencyNode) -> Value { fatalError("abstract") }

  package func read(through reader: any DependencyReader) -> Value { fatalError("abstract") }

  /// Sets the dependency on `node`; `false` for a key path to a read-only property.
  package func write(_ value: Value, at node: DependencyNode) -> Bool { fatalError("abstract") }

  /// Reads through `reader`, uncached, and whether the value may be cached (see ``KeyPathAccess``).
  package func readCacheable(through reader: any DependencyReader) -> (value: Value, cacheable: Bool) {
    (read(through: reader), true)
  }
}

/// Reads a `Dependencies` property.
package final class KeyPathAccess<Value>: DependencyAccess<Value>, @unchecked Sendable {
  // @unchecked: a key path literal is immutable.
  let keyPath: KeyPath<Dependencies, Value>

  package init(
    _ keyPath: KeyPath<Dependencies, Value>, get: (@Sendable (inout Dependencies) -> Value)? = nil,
    site: DependencyReadSite? = nil
  ) {
    self.keyPath = keyPath
    super.init(get: get, site: site)
  }

  package override func read(at node: DependencyNode) -> Value {
    missed { node.value(keyPath, get: get) }
  }

  package override func write(_ value: Value, at node: DependencyNode) -> Bool {
    guard let keyPath = keyPath as? WritableKeyPath<Dependencies, Value> else { return false }
    node.set(keyPath, value)
    return true
  }

  package override func read(through reader: any DependencyReader) -> Value {
    missed {
      var dependencies = Dependencies(reader: reader)
      if let get { return get(&dependencies) }
      return dependencies[keyPath: keyPath]
    }
  }

  /// Learned on the first read: only a getter that reads one key, of its value type, is cacheable.
  private let learnedCacheable = Locked<Bool?>(nil)

  package override func readCacheable(
    through reader: any DependencyReader
  ) -> (value: Value, cacheable: Bool) {
    if let cacheable = learnedCacheable.withLock({ $0 }) {
      return (read(through: reader), cacheable)
    }
    let recorder = KeyRecorder(reading: reader)
    let value = missed { Dependencies(reader: recorder)[keyPath: keyPath] }
    let cacheable = recorder.readOneKey(ofValueType: Value.self)
    learnedCacheable.withLock { $0 = cacheable }
    return (value, cacheable)
  }
}

/// Reads the dependency of a key type.
package final class KeyAccess<Key: DependencyKey>: DependencyAccess<Key.Value>, @unchecked Sendable {
  // @unchecked: no stored state.
  package init(site: DependencyReadSite? = nil) { super.init(get: nil, site: site) }

  package override func read(at node: DependencyNode) -> Key.Value { missed { node.read(Key.self) } }

  package override func read(through reader: any DependencyReader) -> Key.Value {
    missed { reader.read(Key.self) }
  }

  package override func write(_ value: Key.Value, at node: DependencyNode) -> Bool {
    node.set(Key.self, value)
    return true
  }
}

/// An interned ``DependencyAccess``, held unretained: the intern table keeps it alive forever. The
/// hit path is inlinable, specialized where read: one cache lookup, a downcast, a copy.
@usableFromInline
package struct DependencyAccessHandle<Value>: @unchecked Sendable {
  // @unchecked: the access object is immutable and immortal.
  @usableFromInline let access: Unmanaged<DependencyAccess<Value>>

  /// The read caches' key, as ``DependencyNode`` reads use: the key type's or key path's address.
  @usableFromInline package let cacheKey: UInt

  /// The access for `keyPath`. `get` is formed where `keyPath` is a literal (see ``KeyPathAccess``);
  /// only the first access made for a key path object keeps it. `declaration` is named in the
  /// failure of a read of a key with no test value; kept in test processes only.
  @usableFromInline
  package init(
    _ keyPath: KeyPath<Dependencies, Value>, get: (@Sendable (inout Dependencies) -> Value)? = nil,
    declaredAt declaration: (fileID: StaticString, line: UInt)? = nil
  ) {
    // The interned access keeps this key path object alive, so its address names it for good.
    self.access = AccessTable.intern(ObjectIdentifier(keyPath), declaredAt: declaration) {
      KeyPathAccess(keyPath, get: get, site: $0)
    }
    self.cacheKey = UInt(bitPattern: ObjectIdentifier(keyPath))
  }

  /// The access for the key type `key`; `declaration` as in ``init(_:get:declaredAt:)``.
  package init<Key: DependencyKey>(
    _ key: Key.Type, declaredAt declaration: (fileID: StaticString, line: UInt)? = nil
  ) where Key.Value == Value {
    self.access = AccessTable.intern(ObjectIdentifier(key), declaredAt: declaration) {
      KeyAccess<Key>(site: $0)
    }
    self.cacheKey = UInt(bitPattern: ObjectIdentifier(key))
  }

  @inlinable @inline(__always)
  package func read(at node: DependencyNode) -> Value {
    if let value = ThreadReadCache.cachedValue(scope: node.serial, key: cacheKey, as: Value.self) {
      return value
    }
    return readMissing(at: node)
  }

  @inlinable
  package var hasGetter: Bool {
    access._withUnsafeGuaranteedRef { $0.hasGet }
  }

  @inlinable
  package func get(_ dependencies: inout Dependencies) -> Value {
    // Interned: the access table keeps it alive for the life of the process.
    access._withUnsafeGuaranteedRef { $0.runGetter(&dependencies) }
  }

  package func write(_ value: Value, at node: DependencyNode) -> Bool {
    // Interned: the access table keeps it alive for the life of the process.
    access._withUnsafeGuaranteedRef { $0.write(value, at: node) }
  }

  package func read(through reader: any DependencyReader) -> Value {
    // Interned: the access table keeps it alive for the life of the process.
    access._withUnsafeGuaranteedRef { $0.read(through: reader) }
  }

  package func readCacheable(through reader: any DependencyReader) -> (value: Value, cacheable: Bool) {
    // Interned: the access table keeps it alive for the life of the process.
    access._withUnsafeGuaranteedRef { $0.readCacheable(through: reader) }
  }

  @usableFromInline
  func readMissing(at node: DependencyNode) -> Value {
    // Interned: the access table keeps it alive for the life of the process.
    access._withUnsafeGuaranteedRef { $0.read(at: node) }
  }
}

/// One access per key type or key path object (in a test process, per `@Dependency` declaration
/// too); it keeps key path objects alive, so an address never names another key path.
private enum AccessTable {
  /// A key type or key path object, and where a `@Dependency` declaration is: its file's name (the
  /// address of the `#fileID` literal, tagged) and line; both 0 for an access of no declaration.
  struct Key: Equatable {
    var id: UInt
    var file: UInt
    var line: UInt
  }

  /// Every access made, kept for the life of the process: wrappers hold them unretained.
  private static let made = Locked(Table())

  /// The access for `id` (in a test process, as read by the `@Dependency` at `declaration`).
  static func intern<Value>(
    _ id: ObjectIdentifier, declaredAt declaration: (fileID: StaticString, line: UInt)?,
    make: (DependencyReadSite?) -> DependencyAccess<Value>
  ) -> Unmanaged<DependencyAccess<Value>> {
    let key = key(id, declaredAt: declaration)
    if let found = made.withLock({ $0.access(for: key) }) { return unretained(found, id) }
    let site = declaration.flatMap {
      key.file == 0 ? nil : DependencyReadSite(fileID: $0.fileID, line: $0.line)
    }
    // Made unlocked, as `Locked.firstPublished` builds; a thread that lost the race drops its own.
    let access = make(site)
    let interned = made.withLock { table in
      table.access(for: key) ?? table.add(key, access)
    }
    return unretained(interned, id)
  }

  /// In a test process, the declaration's own key; elsewhere, or for no declaration, `id`'s.
  private static func key(_ id: ObjectIdentifier, declaredAt declaration: (fileID: StaticString, line: UInt)?)
    -> Key
  {
    guard let declaration, DependencyContext.isTest else {
      return Key(id: UInt(bitPattern: id), file: 0, line: 0)
    }
    let fileID = declaration.fileID
    // Tagged with the top bit, which no user-space address has: 0 means no declaration.
    let file =
      (fileID.hasPointerRepresentation
        ? UInt(bitPattern: fileID.utf8Start) : UInt(fileID.unicodeScalar.value)) | (1 << (UInt.bitWidth - 1))
    return Key(id: UInt(bitPattern: id), file: file, line: declaration.line)
  }

  private static func unretained<Value>(
    _ access: Unmanaged<AnyObject>, _ id: ObjectIdentifier
  ) -> Unmanaged<DependencyAccess<Value>> {
    // `id` names one key type or live key path object, whose access is for its one value type.
    assert(
      access.takeUnretainedValue() is DependencyAccess<Value>,
      "Deps: the access of \(id) is a \(type(of: access.takeUnretainedValue())).")
    // Unretained: the table keeps every access it holds alive for the life of the process.
    return Unmanaged<DependencyAccess<Value>>.fromOpaque(access.toOpaque())
  }

  /// Open addressing (linear probing), never more than half full. Not a `Dictionary`: a model
  /// interns its accesses whenever it is made, and SipHash plus a retain cost more than the rest of
  /// making it (`model-made-read` in Benchmarks/instruction-budgets.json).
  struct Table {
    /// A key's `id` is 0 in an empty slot: no key type or key path object is at address 0.
    private var keys = [Key](repeating: Key(id: 0, file: 0, line: 0), count: 64)
    private var accesses = [(any AnyObject & Sendable)?](repeating: nil, count: 64)
    private var count = 0

    private func slot(for key: Key) -> Int {
      let mixed = (UInt64(key.id) ^ (UInt64(key.file) &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(key.line))
      return Int(truncatingIfNeeded: (mixed &* 0xBF58_476D_1CE4_E5B9) >> 32) & (keys.count - 1)
    }

    func access(for key: Key) -> Unmanaged<AnyObject>? {
      var slot = slot(for: key)
      while keys[slot].id != 0 {
        if keys[slot] == key, let access = accesses[slot] { return .passUnretained(access) }
        slot = (slot + 1) & (keys.count - 1)
      }
      return nil
    }

    mutating func add(_ key: Key, _ access: any AnyObject & Sendable) -> Unmanaged<AnyObject> {
      if (count + 1) * 2 > keys.count {
        var larger = Table()
        larger.keys = Array(repeating: Key(id: 0, file: 0, line: 0), count: keys.count * 2)
        larger.accesses = Array(repeating: nil, count: keys.count * 2)
        for (key, access) in zip(keys, accesses) where key.id != 0 { _ = larger.add(key, access!) }
        self = larger
      }
      var slot = slot(for: key)
      while keys[slot].id != 0 { slot = (slot + 1) & (keys.count - 1) }
      keys[slot] = key
      accesses[slot] = access
      count += 1
      return .passUnretained(access)
    }
  }
}
