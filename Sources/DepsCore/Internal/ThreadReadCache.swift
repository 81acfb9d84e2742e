#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The values one thread has resolved, valid while ``DependencyGeneration`` is unchanged.
///
/// Each thread owns its cache, so a hit reads and writes only memory no other thread touches.
package final class ThreadReadCache {
  /// Identifies a resolved read: which store, which key.
  package struct Key: Hashable {
    package var scope: UInt64
    package var key: ObjectIdentifier

    @inline(__always)
    package init(scope: UInt64, key: ObjectIdentifier) {
      self.scope = scope
      self.key = key
    }

    @inline(__always)
    package func hash(into hasher: inout Hasher) {
      // One combine instead of two: scopes and keys rarely collide after mixing.
      hasher.combine(UInt(bitPattern: key.hashValue) &+ UInt(truncatingIfNeeded: scope &* 0x9E37_79B9_7F4A_7C15))
    }
  }

  /// A cache that outgrows this is cleared: dead environments leave entries behind.
  private static let capacity = 4096

  package private(set) var generation: UInt64 = .max
  private var entries: [Key: AnyValueBox] = [:]

  /// A number that identifies this thread while it lives.
  package let threadID: UInt64

  private init(threadID: UInt64) { self.threadID = threadID }

  @inline(__always)
  package func lookup(_ key: Key, generation: UInt64) -> AnyValueBox? {
    guard self.generation == generation else { return nil }
    return entries[key]
  }

  package func store(_ box: AnyValueBox, for key: Key, generation: UInt64) {
    if self.generation != generation || entries.count >= Self.capacity {
      entries.removeAll(keepingCapacity: true)
      self.generation = generation
    }
    entries[key] = box
  }

  // MARK: Thread-local storage

  private static let threadIDs = Locked<UInt64>(0)

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
    precondition(status == 0, "Deps: pthread_key_create failed (\(status)); the process has no TLS keys left.")
    return key
  }()

  /// Runs `body` with the calling thread's cache, creating it on first use.
  @inline(__always)
  package static func withCurrent<R>(_ body: (ThreadReadCache) -> R) -> R {
    if let pointer = pthread_getspecific(storageKey) {
      // The thread-local slot owns a reference for the thread's lifetime; no retain is needed.
      return Unmanaged<ThreadReadCache>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }
    let id = threadIDs.withLock { value -> UInt64 in
      value += 1
      return value
    }
    let cache = ThreadReadCache(threadID: id)
    pthread_setspecific(storageKey, Unmanaged.passRetained(cache).toOpaque())
    return body(cache)
  }
}
