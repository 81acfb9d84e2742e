// Every call into the C library sits in this file, behind the library's one platform `#if`
// (`ThreadReadCache` keeps its own thread-local key, whose destructor frees a thread's cache).

#if canImport(Darwin)
  import Darwin
  import os
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  #error("Deps supports Apple platforms and Linux: this platform has neither Darwin, Glibc nor Musl.")
#endif
#if canImport(Synchronization) && !canImport(Darwin) && !DEPS_APPLE_FALLBACK
  import Synchronization
#endif

/// Checks the result of a pthread call, which reports failure by returning an error number.
@usableFromInline
enum PthreadCall {
  /// Stops the process, naming `call` and the error, unless `status` is 0: a pthread call on a
  /// properly used lock never fails, and carrying on after a misuse would break mutual exclusion.
  @inlinable
  static func check(_ status: Int32, _ call: StaticString) {
    if status != 0 { failed(status, call) }
  }

  @usableFromInline
  static func failed(_ status: Int32, _ call: StaticString) -> Never {
    preconditionFailure(message(status, call))
  }

  /// `Deps: pthread_mutex_destroy failed with error 16 (Device or resource busy).`
  static func message(_ status: Int32, _ call: StaticString) -> String {
    let text = strerror(status).map { String(cString: $0) } ?? "unknown error"
    return "Deps: \(call) failed with error \(status) (\(text))."
  }
}

/// The platform's lock: `os_unfair_lock` on Apple platforms, `pthread_mutex_t` elsewhere, in
/// memory of its own so that it never moves. In debug builds the mutex checks its owner, so that
/// relocking or a foreign unlock stops with the error's text instead of deadlocking.
@usableFromInline
package struct PlatformLock: ~Copyable, @unchecked Sendable {
  // @unchecked: the platform lock is made to be shared between threads.
  #if canImport(Darwin)
    @usableFromInline let raw: UnsafeMutablePointer<os_unfair_lock>
  #else
    @usableFromInline let raw: UnsafeMutablePointer<pthread_mutex_t>
  #endif

  package init() {
    raw = .allocate(capacity: 1)
    #if canImport(Darwin)
      raw.initialize(to: os_unfair_lock())
    #else
      raw.initialize(to: pthread_mutex_t())
      #if DEBUG
        var attributes = pthread_mutexattr_t()
        PthreadCall.check(pthread_mutexattr_init(&attributes), "pthread_mutexattr_init")
        PthreadCall.check(
          pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK)),
          "pthread_mutexattr_settype")
        PthreadCall.check(pthread_mutex_init(raw, &attributes), "pthread_mutex_init")
        PthreadCall.check(pthread_mutexattr_destroy(&attributes), "pthread_mutexattr_destroy")
      #else
        PthreadCall.check(pthread_mutex_init(raw, nil), "pthread_mutex_init")
      #endif
    #endif
  }

  deinit {
    #if !canImport(Darwin)
      // EBUSY: the lock is destroyed while a thread holds it.
      PthreadCall.check(pthread_mutex_destroy(raw), "pthread_mutex_destroy")
    #endif
    raw.deinitialize(count: 1)
    raw.deallocate()
  }

  @inlinable
  package func lock() {
    #if canImport(Darwin)
      os_unfair_lock_lock(raw)
    #else
      PthreadCall.check(pthread_mutex_lock(raw), "pthread_mutex_lock")
    #endif
  }

  @inlinable
  package func unlock() {
    #if canImport(Darwin)
      os_unfair_lock_unlock(raw)
    #else
      PthreadCall.check(pthread_mutex_unlock(raw), "pthread_mutex_unlock")
    #endif
  }

  /// Whether some thread holds the lock, for assertions.
  @inlinable
  package var isLocked: Bool {
    #if canImport(Darwin)
      guard os_unfair_lock_trylock(raw) else { return true }
      os_unfair_lock_unlock(raw)
    #else
      let status = pthread_mutex_trylock(raw)
      guard status != EBUSY else { return true }
      PthreadCall.check(status, "pthread_mutex_trylock")
      PthreadCall.check(pthread_mutex_unlock(raw), "pthread_mutex_unlock")
    #endif
    return false
  }
}

#if canImport(Synchronization) && !canImport(Darwin) && !DEPS_APPLE_FALLBACK
  /// The lock of one thread's read cache, nearly always taken by its own thread only (a purge takes
  /// it briefly, running no user code). On Linux an atomic flag: one exchange to lock and a releasing
  /// store to unlock, against two atomic read-modify-writes for a mutex.
  @usableFromInline
  struct CacheLock: ~Copyable, Sendable {
    @usableFromInline let held = Atomic<Bool>(false)

    init() {}

    @inlinable
    package func lock() {
      if !held.exchange(true, ordering: .acquiring) { return }
      lockContended()
    }

    @usableFromInline
    func lockContended() {
      while held.load(ordering: .relaxed) || held.exchange(true, ordering: .acquiring) {
        sched_yield()
      }
    }

    @inlinable
    package func unlock() { held.store(false, ordering: .releasing) }

    /// Whether some thread holds the lock, for assertions.
    @inlinable
    package var isLocked: Bool { held.load(ordering: .relaxed) }
  }
#else
  @usableFromInline typealias CacheLock = PlatformLock
#endif

/// Where threads sleep until another thread signals a change (a default built), then look again.
final class Condition: @unchecked Sendable {
  // @unchecked: the mutex and the condition variable are made to be shared between threads.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    PthreadCall.check(pthread_mutex_init(mutex, nil), "pthread_mutex_init")
    PthreadCall.check(pthread_cond_init(condition, nil), "pthread_cond_init")
  }

  deinit {
    PthreadCall.check(pthread_cond_destroy(condition), "pthread_cond_destroy")
    PthreadCall.check(pthread_mutex_destroy(mutex), "pthread_mutex_destroy")
    condition.deinitialize(count: 1)
    condition.deallocate()
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Returns once `isDone` (library code reading state under its own lock, never user code) holds.
  func wait(until isDone: () -> Bool) {
    PthreadCall.check(pthread_mutex_lock(mutex), "pthread_mutex_lock")
    defer { PthreadCall.check(pthread_mutex_unlock(mutex), "pthread_mutex_unlock") }
    while !isDone() { PthreadCall.check(pthread_cond_wait(condition, mutex), "pthread_cond_wait") }
  }

  /// Wakes every waiting thread. Call it after the change is visible to `isDone`.
  func signalAll() {
    // Taken so that a thread between its check and its sleep is not missed.
    PthreadCall.check(pthread_mutex_lock(mutex), "pthread_mutex_lock")
    PthreadCall.check(pthread_cond_broadcast(condition), "pthread_cond_broadcast")
    PthreadCall.check(pthread_mutex_unlock(mutex), "pthread_mutex_unlock")
  }
}

/// A pointer-sized thread-local slot that owns nothing: no destructor runs at thread exit, so what
/// it holds must need none. Holds each thread's ``ThreadID`` and `TestValueCheck`'s marks.
final class ThreadLocalSlot: Sendable {
  private let key: pthread_key_t

  init() {
    var key = pthread_key_t()
    PthreadCall.check(pthread_key_create(&key, nil), "pthread_key_create")
    self.key = key
  }

  var pointer: UnsafeMutableRawPointer? {
    get { pthread_getspecific(key) }
    set { PthreadCall.check(pthread_setspecific(key, newValue), "pthread_setspecific") }
  }

  func with<R>(_ pointer: UnsafeMutableRawPointer?, _ body: () throws -> R) rethrows -> R {
    let saved = self.pointer
    self.pointer = pointer
    defer { self.pointer = saved }
    return try body()
  }
}

/// Gives the processor to another thread: the wait of a spin that cannot sleep on a ``Condition``
/// (its waker runs no code of ours after the change it waits for).
package func yieldThread() {
  sched_yield()
}

func environmentValue(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}

package enum LoadedSymbol {
  /// The address of the C symbol `name` as the program resolves it, as a `Sendable` bit pattern.
  package static func address(of name: String) -> UInt? {
    #if canImport(Darwin)
      let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
      let handle: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT on glibc and musl
    #endif
    return dlsym(handle, name).map { UInt(bitPattern: $0) }
  }
}
