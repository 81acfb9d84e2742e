#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
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
    let status = (pthread_mutex_init(mutex, nil), pthread_cond_init(condition, nil))
    precondition(status == (0, 0), "Deps: pthread_mutex_init / pthread_cond_init failed \(status).")
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deinitialize(count: 1)
    condition.deallocate()
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Returns once `isDone` is true, sleeping between the ``signalAll()`` calls that may make it so.
  ///
  /// - Parameter isDone: Library code that reads shared state under its own lock; never user code.
  package func wait(until isDone: () -> Bool) {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while !isDone() { pthread_cond_wait(condition, mutex) }
  }

  /// Wakes every waiting thread. Call it after the change is visible to `isDone`.
  package func signalAll() {
    // Taken so that a thread between its check and its sleep is not missed.
    pthread_mutex_lock(mutex)
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(mutex)
  }
}
