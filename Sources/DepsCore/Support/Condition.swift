#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Deps supports Apple platforms and Linux: this platform has neither Darwin, Glibc nor Musl.")
#endif

/// Where threads wait for something another thread is doing (a default being built) without
/// spinning: they sleep until it signals a change, then look again.
package final class Condition: @unchecked Sendable {
  // @unchecked: the mutex and the condition variable are made to be shared between threads.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  package init() {
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

  /// Returns once `isDone` is true, sleeping between the ``signalAll()`` calls that may make it so.
  ///
  /// - Parameter isDone: Library code that reads shared state under its own lock; never user code.
  package func wait(until isDone: () -> Bool) {
    PthreadCall.check(pthread_mutex_lock(mutex), "pthread_mutex_lock")
    defer { PthreadCall.check(pthread_mutex_unlock(mutex), "pthread_mutex_unlock") }
    while !isDone() { PthreadCall.check(pthread_cond_wait(condition, mutex), "pthread_cond_wait") }
  }

  /// Wakes every waiting thread. Call it after the change is visible to `isDone`.
  package func signalAll() {
    // Taken so that a thread between its check and its sleep is not missed.
    PthreadCall.check(pthread_mutex_lock(mutex), "pthread_mutex_lock")
    PthreadCall.check(pthread_cond_broadcast(condition), "pthread_cond_broadcast")
    PthreadCall.check(pthread_mutex_unlock(mutex), "pthread_mutex_unlock")
  }
}
