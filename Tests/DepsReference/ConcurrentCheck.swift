import DepsCore
import Foundation
import Synchronization

/// Readers racing one writer, each read held against the reference: a read must return a value
/// that was legal at some moment of its window (the states from the last write finished before it
/// began to the first write that finished after it ended).
package enum ConcurrentCheck {
  /// Runs `write(0)`, `write(1)`, … `write(writes - 1)` on one thread while `readers` threads read
  /// probes (numbers below `probes`, drawn from seeded generators) with `read`; `expected[k][p]` is
  /// what probe `p` reads after `k` writes. Each reader reads at most `readsPerWrite` times per
  /// write, and the writer waits (a little) for the readers to read after each write. Returns the
  /// first read no legal state explains, or `nil`.
  package static func race(
    writes: Int, probes: Int, readers: Int, readsPerWrite: Int = 4, seed: UInt64,
    expected: [[RefValue]],
    write: @escaping @Sendable (Int) -> Void,
    read: @escaping @Sendable (_ reader: Int, _ probe: Int) -> RefValue,
    describe: @escaping @Sendable (_ probe: Int) -> String,
    timeout: Duration = .seconds(60)
  ) -> String? {
    precondition(expected.count == writes + 1, "ConcurrentCheck: one expected row per state.")
    let done = Atomic<Int>(0)
    let finished = Atomic<Bool>(false)
    let reads = Atomic<Int>(0)
    let failure = Locked<String?>(nil)
    var jobs: [@Sendable () -> Void] = [
      {
        for index in 0..<writes {
          guard failure.withLock({ $0 == nil }) else { break }
          write(index)
          done.store(index + 1, ordering: .sequentiallyConsistent)
          // Lets the readers read between two writes (a bounded wait: readers may be slow to start).
          let seen = reads.load(ordering: .relaxed)
          for _ in 0..<1_000 where reads.load(ordering: .relaxed) < seen + readers {
            sched_yield()
          }
        }
        finished.store(true, ordering: .sequentiallyConsistent)
      }
    ]
    for reader in 0..<readers {
      jobs.append {
        var random = SeededGenerator(seed: seed &+ UInt64(reader) &* 7_919)
        var count = 0
        // Reads until the writer is done, and a few more after it.
        while !finished.load(ordering: .sequentiallyConsistent) || count < 50 {
          // At most a few reads per write, so that the writer's pace, not the readers', sets the
          // length of a round.
          while count > (done.load(ordering: .relaxed) + 1) * readsPerWrite,
            !finished.load(ordering: .relaxed)
          {
            sched_yield()
          }
          count += 1
          reads.add(1, ordering: .relaxed)
          let probe = random.int(below: probes)
          let before = done.load(ordering: .sequentiallyConsistent)
          let value = read(reader, probe)
          let after = done.load(ordering: .sequentiallyConsistent)
          let legal = (before...min(after + 1, writes)).map { expected[$0][probe] }
          guard !legal.contains(value) else { continue }
          failure.withLock {
            $0 =
              $0
                ?? """
                reader \(reader) read \(describe(probe)) = \(value) between writes \(before) and \(after); \
                legal then: \(Array(Set(legal.map(\.description))).sorted())
                """
          }
          return
        }
      }
    }
    guard runOnThreads(jobs, timeout: timeout) else {
      return "the threads did not finish within \(timeout)"
    }
    return failure.withLock { $0 }
  }

  /// Runs each job on a thread of its own, all at once; `false` when they did not all end within
  /// `timeout`.
  package static func runOnThreads(_ jobs: [@Sendable () -> Void], timeout: Duration) -> Bool {
    let group = DispatchGroup()
    for job in jobs {
      group.enter()
      Thread {
        job()
        group.leave()
      }.start()
    }
    let seconds = Double(timeout.components.seconds)
    return group.wait(timeout: .now() + seconds) == .success
  }
}

extension IdentityMatcher {
  /// The observed value `expected` stands for, once a default's name was matched with an object.
  package func concrete(_ expected: RefValue) -> RefValue {
    guard case .defaultObject = expected, let serial = serial(for: expected) else { return expected }
    return .builtObject(serial)
  }
}
