/// Threads that run the jobs they are given, then stay alive without running anything until the
/// next job: worker threads that read once and never read again, as pool threads do.
package final class ParkedThreads: Sendable {
  private let threads: [WorkerThread]

  package var count: Int { threads.count }

  /// Starts `count` threads, parked.
  package init(count: Int) {
    threads = (0..<count).map { WorkerThread(name: "Parked \($0)") }
  }

  /// Runs `job` once on each thread and returns when every thread is parked again.
  package func runOnEach(_ job: @escaping @Sendable () -> Void) {
    for thread in threads { thread.start(job) }
    for thread in threads {
      precondition(thread.wait(timeout: .seconds(60)), "ParkedThreads: a job did not end within 60 s.")
    }
  }

  /// Lets every thread exit.
  package func stop() {
    for thread in threads { thread.stop() }
  }
}
