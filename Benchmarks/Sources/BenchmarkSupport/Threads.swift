import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#else
  #error("The benchmarks run on Apple platforms and Linux (Glibc): this platform has neither.")
#endif

/// Runs `body(n)` on `threads` new threads that start together, and returns the operations per
/// second of all of them: `threads * n` over the time from the first start to the last end.
public func throughput(threads: Int, perThread n: Int, _ body: @escaping @Sendable (Int, ThreadSink) -> Void)
  -> Double
{
  let run = ThreadRun(threads: threads, n: n, body: body)
  var ids: [pthread_t] = []
  for index in 0..<threads {
    let context = Unmanaged.passRetained(ThreadRun.Context(run: run, index: index)).toOpaque()
    #if canImport(Darwin)
      var id: pthread_t?
    #else
      var id = pthread_t()
    #endif
    let status = pthread_create(
      &id, nil,
      { pointer in
        let context = Unmanaged<ThreadRun.Context>.fromOpaque(pointer!).takeRetainedValue()
        context.run.work(context.index)
        return nil
      }, context)
    precondition(status == 0, "pthread_create failed: \(status)")
    #if canImport(Darwin)
      ids.append(id!)
    #else
      ids.append(id)
    #endif
  }
  for id in ids { pthread_join(id, nil) }
  return run.opsPerSecond
}

private final class ThreadRun: Sendable {
  final class Context: Sendable {
    let run: ThreadRun
    let index: Int
    init(run: ThreadRun, index: Int) {
      self.run = run
      self.index = index
    }
  }

  let threads: Int
  let n: Int
  let body: @Sendable (Int, ThreadSink) -> Void
  let ready = Atomic<Int>(0)
  let times: Mutex<[(start: UInt64, end: UInt64)]> = Mutex([])

  init(threads: Int, n: Int, body: @escaping @Sendable (Int, ThreadSink) -> Void) {
    self.threads = threads
    self.n = n
    self.body = body
  }

  func work(_ index: Int) {
    let sink = ThreadSink()
    defer { sink.free() }
    // Warm the thread's caches outside the timed part.
    body(16, sink)
    ready.add(1, ordering: .acquiringAndReleasing)
    while ready.load(ordering: .acquiring) < threads {}
    let start = now()
    body(n, sink)
    let end = now()
    times.withLock { $0.append((start, end)) }
  }

  var opsPerSecond: Double {
    times.withLock { times in
      let start = times.map(\.start).min()!
      let end = times.map(\.end).max()!
      return Double(threads * n) / (Double(end - start) / 1e9)
    }
  }
}
