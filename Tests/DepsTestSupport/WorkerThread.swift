import DepsCore
import Foundation

/// A thread of its own that runs the jobs it is given, one at a time, and lives between them: a
/// thread whose read cache outlives one job, as an app's threads do.
package final class WorkerThread: Sendable {
  private let jobs = Locked<[@Sendable () -> Void]>([])
  private let wake = DispatchSemaphore(value: 0)
  private let done = DispatchSemaphore(value: 0)
  private let stopped = Locked(false)

  package init(name: String) {
    let thread = Thread { [self] in loop() }
    thread.name = name
    thread.start()
  }

  private func loop() {
    while true {
      wake.wait()
      let ran = runOneJob()
      done.signal()
      if !ran { return }
    }
  }

  /// Runs the next job; a function of its own, so that the job and what it captured are released
  /// before the job counts as done (tests check that values are freed).
  private func runOneJob() -> Bool {
    guard let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return false }
    job()
    return true
  }

  /// Hands `job` to the thread; ``wait(timeout:)`` returns once it ran.
  package func start(_ job: @escaping @Sendable () -> Void) {
    precondition(!stopped.withLock { $0 }, "WorkerThread: a job after stop().")
    jobs.withLock { $0.append(job) }
    wake.signal()
  }

  /// Waits until the job handed over first (and not yet waited for) ran; `false` when it took
  /// longer than `timeout`.
  package func wait(timeout: Duration) -> Bool {
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
    return done.wait(timeout: .now() + seconds) == .success
  }

  /// Runs `job` on this thread and returns what it returned; a job that takes longer than
  /// `timeout` returns `nil` (a failure for the caller to report), never a hang.
  package func run<R: Sendable>(timeout: Duration = .seconds(10), _ job: @escaping @Sendable () -> R) -> R? {
    let result = Locked<R?>(nil)
    start { result.withLock { $0 = job() } }
    guard wait(timeout: timeout) else { return nil }
    return result.withLock { $0 }
  }

  /// Lets the thread end.
  package func stop() {
    stopped.withLock { $0 = true }
    wake.signal()
    _ = wait(timeout: .seconds(10))
  }
}

/// A value handed to another thread that the compiler cannot prove safe there: environments,
/// which are thread-safe inside but not `Sendable` (see `ComposableEnvironment`).
package struct Unchecked<Value>: @unchecked Sendable {
  // @unchecked: only for values documented as safe to use from any thread.
  package let value: Value
  package init(_ value: Value) { self.value = value }
}
