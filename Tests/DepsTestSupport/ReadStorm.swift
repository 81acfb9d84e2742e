import DepsCore
import Dispatch

/// First reads by many threads at once while a dependency is written, for the attack suites of
/// both modules.
package enum ReadStorm {
  /// Runs `write(value)` for every value of `1...writes` on a thread of its own while `threads`
  /// new threads run `read(index)`, and returns what the reads found wrong, with a line for a
  /// thread or the writer that did not end within 60 s.
  package static func whileWriting(
    _ writes: Int, write: @escaping @Sendable (Int) -> Void, threads: Int = 200,
    read: @escaping @Sendable (Int) -> [String]
  ) -> [String] {
    let failures = Locked<[String]>([])
    let writer = WorkerThread(name: "Read storm writer")
    defer { writer.stop() }
    writer.start {
      for value in 1...writes { write(value) }
    }
    let ended = ShortLivedThreads.run(count: threads) { index in
      let found = read(index)
      if !found.isEmpty { failures.withLock { $0 += found } }
    }
    if !ended { failures.withLock { $0.append("\(threads) reading threads did not end within 60 s") } }
    if !writer.wait(timeout: .seconds(60)) {
      failures.withLock { $0.append("the writer did not end within 60 s") }
    }
    return failures.withLock { $0 }
  }

  /// What `read` returns on each of `parked`'s threads (whose caches were made before), then on
  /// 20 new threads; a new thread that did not end within 60 s leaves its read out.
  package static func lastReads(on parked: ParkedThreads, _ read: @escaping @Sendable () -> Int) -> [Int] {
    let reads = Locked<[Int]>([])
    parked.runOnEach { reads.withLock { $0.append(read()) } }
    _ = ShortLivedThreads.run(count: 20) { _ in reads.withLock { $0.append(read()) } }
    return reads.withLock { $0 }
  }

  /// Runs `read` on pool threads: 64 iterations of `DispatchQueue.concurrentPerform`, 32 tasks of
  /// a task group and a detached task. Returns how many times it ran `read`.
  package static func onPoolThreads(_ read: @escaping @Sendable () -> Void) async -> Int {
    DispatchQueue.concurrentPerform(iterations: 64) { _ in read() }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<32 { group.addTask { read() } }
    }
    await Task.detached { read() }.value
    return 64 + 32 + 1
  }
}
