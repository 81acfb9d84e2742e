#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Deps supports Apple platforms and Linux: this platform has neither Darwin, Glibc nor Musl.")
#endif

/// A pointer-sized thread-local slot that owns nothing: no destructor runs when a thread ends, so
/// what it holds must need none (a number, a flag, the address of a value that outlives the call
/// that set it). Used for each thread's ``ThreadID`` and for what the library marks while it builds
/// a default in a test process (see `TestValueCheck`).
package final class ThreadLocalSlot: Sendable {
  private let key: pthread_key_t

  package init() {
    var key = pthread_key_t()
    PthreadCall.check(pthread_key_create(&key, nil), "pthread_key_create")
    self.key = key
  }

  /// The calling thread's pointer, `nil` when unset.
  package var pointer: UnsafeMutableRawPointer? {
    get { pthread_getspecific(key) }
    set { PthreadCall.check(pthread_setspecific(key, newValue), "pthread_setspecific") }
  }

  /// Runs `body` with the slot set to `pointer` on the calling thread, then restores what it held.
  package func with<R>(_ pointer: UnsafeMutableRawPointer?, _ body: () throws -> R) rethrows -> R {
    let saved = self.pointer
    self.pointer = pointer
    defer { self.pointer = saved }
    return try body()
  }
}
