#if canImport(Glibc)
  import Glibc
  import Testing

  @testable import DepsCore

  /// `PlatformLock` checks the result of every pthread call: a misused lock stops the process with
  /// the call and the error's text (these texts are glibc's), rather than being used broken.
  @Suite struct PlatformLockTests {
    /// Expects the process an exit test ran to have printed `message` before it stopped. (Each
    /// exit test first sets an alarm: a lock that hangs instead of failing ends its process,
    /// without the message, in 30 seconds.)
    static func expect(
      _ result: ExitTest.Result?, printed message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
      let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(output.contains(message), "standard error: \(output)", sourceLocation: sourceLocation)
    }

    @Test func theMessageNamesTheCallAndTheError() {
      #expect(
        PthreadCall.message(EBUSY, "pthread_mutex_destroy")
          == "Deps: pthread_mutex_destroy failed with error 16 (Device or resource busy).")
      #expect(
        PthreadCall.message(EPERM, "pthread_mutex_unlock")
          == "Deps: pthread_mutex_unlock failed with error 1 (Operation not permitted).")
    }

    @Test func aLockDestroyedWhileHeldStopsTheProcess() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        alarm(30)
        let lock = PlatformLock()
        lock.lock()
        // The lock is destroyed here, held: pthread_mutex_destroy fails with EBUSY.
      }
      Self.expect(
        result, printed: "Deps: pthread_mutex_destroy failed with error 16 (Device or resource busy).")
    }

    #if DEBUG
      // Debug builds make the mutex check its owner, so that these misuses return an error.

      @Test func aThreadLockingTheLockItHoldsStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          alarm(30)
          let lock = PlatformLock()
          lock.lock()
          lock.lock()
        }
        Self.expect(
          result, printed: "Deps: pthread_mutex_lock failed with error 35 (Resource deadlock avoided).")
      }

      @Test func unlockingALockNobodyHoldsStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          alarm(30)
          let lock = PlatformLock()
          lock.unlock()
        }
        Self.expect(
          result, printed: "Deps: pthread_mutex_unlock failed with error 1 (Operation not permitted).")
      }

      @Test func aHeldLockIsReportedHeldAndAFreeOneFree() {
        let lock = PlatformLock()
        let free = lock.isLocked
        lock.lock()
        // The owner's own try fails with EBUSY (an error-checking mutex is not recursive).
        let held = lock.isLocked
        lock.unlock()
        let freeAgain = lock.isLocked
        #expect([free, held, freeAgain] == [false, true, false])
      }
    #endif
  }
#endif
