import DepsCore
import Foundation

/// A thread of its own that runs the jobs it is given, one at a time, and lives between them: a
/// thread whose read cache outlives one step of a program, as an app's threads do.
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
  /// before `run` returns (tests check environments are freed).
  private func runOneJob() -> Bool {
    guard let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return false }
    job()
    return true
  }

  /// Runs `job` on this thread and returns what it returned; a job that takes longer than
  /// `timeout` is a test failure of its own (`nil`), never a hang.
  package func run<R: Sendable>(timeout: Duration = .seconds(10), _ job: @escaping @Sendable () -> R) -> R? {
    precondition(!stopped.withLock { $0 }, "WorkerThread: run after stop().")
    let result = Locked<R?>(nil)
    jobs.withLock { $0.append { result.withLock { $0 = job() } } }
    wake.signal()
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return result.withLock { $0 }
  }

  /// Lets the thread end.
  package func stop() {
    stopped.withLock { $0 = true }
    wake.signal()
    _ = done.wait(timeout: .now() + 10)
  }
}

/// A value handed to another thread that the compiler cannot prove safe there: environments,
/// which are thread-safe inside but not `Sendable` (see `ComposableEnvironment`).
package struct Unchecked<Value>: @unchecked Sendable {
  // @unchecked: only for values documented as safe to use from any thread.
  package let value: Value
  package init(_ value: Value) { self.value = value }
}
