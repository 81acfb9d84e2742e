/// How a property wrapper reads its dependency: through a key path or a key type.
///
/// A class rather than a closure so that a wrapper generic over its key stays `Sendable` without
/// capturing the key's metatype. Instances are interned (one per key type or key path object, for
/// the life of the process), so wrappers hold them unretained: copying a wrapper out of an
/// environment, as `_enclosingInstance` subscripts do on every read, then writes no reference
/// count that other threads' reads would contend on.
@usableFromInline
package class DependencyAccess<Value>: @unchecked Sendable {
  // @unchecked: subclasses hold only immutable key paths or nothing.

  /// Reads the dependency at `node`, cached per thread until the next write.
  package func read(at node: DependencyNode) -> Value { fatalError("abstract") }

  /// The key path read, if any.
  var keyPathObject: AnyKeyPath? { nil }
}

/// Reads a `Dependencies` property.
package final class KeyPathAccess<Value>: DependencyAccess<Value>, @unchecked Sendable {
  // @unchecked: a key path literal is immutable.
  let keyPath: KeyPath<Dependencies, Value>

  package init(_ keyPath: KeyPath<Dependencies, Value>) { self.keyPath = keyPath }

  package override func read(at node: DependencyNode) -> Value { node.value(keyPath) }

  override var keyPathObject: AnyKeyPath? { keyPath }
}

/// Reads the dependency of a key type.
package final class KeyAccess<Key: DependencyKey>: DependencyAccess<Key.Value>, @unchecked Sendable {
  // @unchecked: no stored state.
  package override init() {}

  package override func read(at node: DependencyNode) -> Key.Value { node.read(Key.self) }
}

/// An interned ``DependencyAccess``, held unretained: the intern table keeps it alive forever.
///
/// The hit path is inlinable, so it is specialized for the wrapper's value type in the module
/// that reads: one call into the thread's cache, an unchecked downcast, a copy of the value.
@usableFromInline
package struct DependencyAccessHandle<Value>: @unchecked Sendable {
  // @unchecked: the access object is immutable and immortal.
  @usableFromInline let access: Unmanaged<DependencyAccess<Value>>

  /// What the thread caches store the read's result under: the key path object's address, or
  /// the key type's address plus one (odd, so it never names a key type's own ``ValueBox``).
  @usableFromInline let cacheKey: UInt

  /// The access for the `Dependencies` property at `keyPath`.
  package init(_ keyPath: KeyPath<Dependencies, Value>) {
    self.access = AccessTable.intern(ObjectIdentifier(keyPath)) { KeyPathAccess(keyPath) }
    // The interned access keeps the key path alive, so its address stays its own.
    self.cacheKey = UInt(bitPattern: ObjectIdentifier(access.takeUnretainedValue().keyPathObject!))
  }

  /// The access for the key type `key`.
  package init<Key: DependencyKey>(_ key: Key.Type) where Key.Value == Value {
    self.access = AccessTable.intern(ObjectIdentifier(key)) { KeyAccess<Key>() }
    self.cacheKey = UInt(bitPattern: ObjectIdentifier(key)) | 1
  }

  /// Reads the dependency at `node`.
  @inlinable @inline(__always)
  package func read(at node: DependencyNode) -> Value {
    if let hit = ThreadReadCache.cachedBox(scope: node.serial, key: cacheKey) {
      // Only a `KeyPathResultBox<Value>` is ever cached under this key.
      return hit._withUnsafeGuaranteedRef { unsafeDowncast($0, to: KeyPathResultBox<Value>.self).value }
    }
    return readMissing(at: node)
  }

  @usableFromInline @inline(never)
  func readMissing(at node: DependencyNode) -> Value {
    let generation = DependencyGeneration.current
    let value = access._withUnsafeGuaranteedRef { $0.read(at: node) }
    if cacheKey & 1 == 1 {
      ThreadReadCache.withCurrent { cache in
        cache.store(
          KeyPathResultBox(value), scope: node.serial, key: cacheKey, owner: nil, generation: generation)
      }
    }
    // A key path's result was cached under `cacheKey` by `DependencyNode.value(_:)`.
    return value
  }
}

/// One access object per key type or key path object. The table keeps key path objects alive
/// through their access, so an address is never reused for another key path.
private enum AccessTable {
  private static let table = Locked<[ObjectIdentifier: AnyObject]>([:])

  static func intern<Value>(
    _ id: ObjectIdentifier, make: () -> DependencyAccess<Value>
  ) -> Unmanaged<DependencyAccess<Value>> {
    if let existing = table.withLock({ $0[id] }) {
      return .passUnretained(unsafeDowncast(existing, to: DependencyAccess<Value>.self))
    }
    let made = make()
    return table.withLock { table in
      if let existing = table[id] {
        return .passUnretained(unsafeDowncast(existing, to: DependencyAccess<Value>.self))
      }
      table[id] = made
      return .passUnretained(made)
    }
  }
}

/// The boxed result of a `Dependencies` property's getter, cached on one thread only, so its
/// value need not be `Sendable`.
@usableFromInline
final class KeyPathResultBox<Value>: AnyValueBox, @unchecked Sendable {
  // @unchecked: only the thread that made it reads it, through its own read cache.
  @usableFromInline let value: Value

  init(_ value: Value) { self.value = value }
}
