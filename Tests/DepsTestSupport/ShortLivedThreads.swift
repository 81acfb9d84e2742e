import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Deps supports Apple platforms and Linux: this platform has neither Darwin, Glibc nor Musl.")
#endif

/// Threads made with `pthread_create` that run one body and end: threads whose read caches are
/// made and released in numbers, as a thread pool that grows and shrinks makes them.
package enum ShortLivedThreads {
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// Runs `body(index)` on `count` new threads at once and returns once every thread has ended,
  /// its thread-local destructors included; `false` when some thread did not end within
  /// `timeout`.
  package static func run(
    count: Int, timeout: Duration = .seconds(60), _ body: @escaping @Sendable (Int) -> Void
  ) -> Bool {
    var threads: [pthread_t] = []
    for index in 0..<count {
      let context = Unmanaged.passRetained(Body { body(index) }).toOpaque()
      #if canImport(Darwin)
        var thread: pthread_t?
        let status = pthread_create(
          &thread, nil,
          { context in
            // `context` is the retained `Body` passed below.
            Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
            return nil
          }, context)
        precondition(status == 0, "ShortLivedThreads: pthread_create failed (\(status)).")
        // Made: `pthread_create` returned 0.
        threads.append(thread!)
      #else
        var thread = pthread_t()
        let status = pthread_create(
          &thread, nil,
          { context in
            // `context` is the retained `Body` passed below.
            guard let context else { return nil }
            Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
            return nil
          }, context)
        precondition(status == 0, "ShortLivedThreads: pthread_create failed (\(status)).")
        threads.append(thread)
      #endif
    }
    return join(threads, timeout: timeout)
  }

  /// Joins `threads`, waiting until `timeout` from now at most.
  private static func join(_ threads: [pthread_t], timeout: Duration) -> Bool {
    guard let timedJoin else {
      for thread in threads { pthread_join(thread, nil) }
      return true
    }
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    var deadline = timespec(tv_sec: now.tv_sec + Int(timeout.components.seconds), tv_nsec: now.tv_nsec)
    var allEnded = true
    for thread in threads where timedJoin(thread, nil, &deadline) != 0 {
      allEnded = false
    }
    return allEnded
  }

  private typealias TimedJoin =
    @convention(c) (
      pthread_t, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafePointer<timespec>?
    ) -> Int32

  /// glibc's `pthread_timedjoin_np`, which Swift does not see (it needs `_GNU_SOURCE`); `nil`
  /// elsewhere, where joins wait without a deadline.
  private static let timedJoin: TimedJoin? = {
    #if canImport(Glibc)
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_timedjoin_np") else {
        return nil
      }
      return unsafeBitCast(symbol, to: TimedJoin.self)
    #else
      return nil
    #endif
  }()

  /// Whether the process runs under a sanitizer that keeps memory resident after the program is
  /// done with it: the address sanitizer's quarantine of freed memory, the thread sanitizer's
  /// records of ended threads (a run of this suite's thread storms grew by 145 MB under it). A
  /// bound on the resident set means nothing there.
  package static let sanitizerKeepsMemory: Bool = {
    #if canImport(Glibc)
      dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
        || dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
    #else
      false
    #endif
  }()

  /// The process's resident set size in kilobytes (`VmRSS` of `/proc/self/status`), or `nil` where
  /// there is no such file.
  package static func residentKilobytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }
    return nil
  }
}

/// An object whose release a test watches.
package final class WeakBox: @unchecked Sendable {
  // @unchecked: `object` is only read after the writes that set it, through a lock or a join.
  package weak var object: AnyObject?
  package init(_ object: AnyObject) { self.object = object }

  /// Whether the object was released within `timeout` (polled every millisecond).
  package func becomesNil(within timeout: Duration = .seconds(10)) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if object == nil { return true }
      usleep(1_000)
    }
    return object == nil
  }
}
