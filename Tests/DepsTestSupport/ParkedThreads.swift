import DepsCore
import Foundation

/// Threads that run the jobs they are given, then stay alive without running anything until the
/// next job: worker threads that read once and never read again, as pool threads do.
package final class ParkedThreads: Sendable {
  private let jobs = Locked<[@Sendable () -> Void]>([])
  private let wake = DispatchSemaphore(value: 0)
  private let done = DispatchSemaphore(value: 0)
  package let count: Int

  /// Starts `count` threads, parked.
  package init(count: Int) {
    self.count = count
    for _ in 0..<count {
      Thread { [self] in park() }.start()
    }
  }

  private func park() {
    while true {
      wake.wait()
      // The job is dropped before the thread parks again: nothing it captured stays alive here.
      let ran = runOneJob()
      done.signal()
      if !ran { return }
    }
  }

  private func runOneJob() -> Bool {
    guard let job = jobs.withLock({ $0.popLast() }) else { return false }
    job()
    return true
  }

  /// Runs `job` once on each thread and returns when every thread is parked again.
  package func runOnEach(_ job: @escaping @Sendable () -> Void) {
    jobs.withLock { $0 = Array(repeating: job, count: count) }
    for _ in 0..<count { wake.signal() }
    for _ in 0..<count { done.wait() }
  }

  /// Lets every thread exit.
  package func stop() {
    for _ in 0..<count { wake.signal() }
    for _ in 0..<count { done.wait() }
  }
}
