#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Deps supports Apple platforms and Linux: this platform has neither Darwin, Glibc nor Musl.")
#endif

/// A number that names the calling thread while it lives: which thread builds a default, which
/// thread owns a read cache.
package struct ThreadID: Hashable, Sendable, CustomStringConvertible {
  /// Never 0, never the same for two threads of the process.
  package let rawValue: UInt64

  /// A thread number made up by a test; real ones come from ``current``.
  package init(rawValue: UInt64) { self.rawValue = rawValue }

  private static let numbers = Counter()

  /// A thread-local slot holding the thread's number as a pointer-sized integer; it owns no
  /// memory, so it needs no destructor.
  private static let storageKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(
      status == 0, "Deps: pthread_key_create failed (\(status)); the process has no TLS keys left.")
    return key
  }()

  /// The calling thread's number, given on its first use.
  package static var current: ThreadID {
    if let pointer = pthread_getspecific(storageKey) {
      return ThreadID(rawValue: UInt64(UInt(bitPattern: pointer)))
    }
    let id = ThreadID(rawValue: numbers.next())
    PthreadCall.check(
      pthread_setspecific(storageKey, UnsafeRawPointer(bitPattern: UInt(id.rawValue))), "pthread_setspecific")
    return id
  }

  package var description: String { "thread \(rawValue)" }
}
