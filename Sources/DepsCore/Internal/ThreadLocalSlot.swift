#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pointer-sized thread-local slot that owns nothing: what the library sets while it builds a
/// default in a test process (see `TestValueCheck`). Set and cleared by the same thread, around a
/// call; no destructor is needed.
package final class ThreadLocalSlot: Sendable {
  private let key: pthread_key_t

  package init() {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(
      status == 0, "Deps: pthread_key_create failed (\(status)); the process has no TLS keys left.")
    self.key = key
  }

  /// The calling thread's pointer, `nil` when unset.
  package var pointer: UnsafeMutableRawPointer? {
    get { pthread_getspecific(key) }
    set {
      let status = pthread_setspecific(key, newValue)
      precondition(status == 0, "Deps: pthread_setspecific failed (\(status)).")
    }
  }

  /// Runs `body` with the slot set to `pointer` on the calling thread, then restores what it held.
  package func with<R>(_ pointer: UnsafeMutableRawPointer?, _ body: () throws -> R) rethrows -> R {
    let saved = self.pointer
    self.pointer = pointer
    defer { self.pointer = saved }
    return try body()
  }
}
