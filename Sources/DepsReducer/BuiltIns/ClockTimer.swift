import DepsCore

/// Ticks every interval of a clock, made by `clock.timer(interval:)`: each element is the time
/// elapsed since the timer started.
///
/// The timer starts when iteration asks for the first tick, and ticks at whole multiples of the
/// interval from then; a tick that comes due while the previous one is still being handled is
/// skipped, not delivered late. The sequence ends when the iterating task is cancelled.
///
/// ```swift
/// return .run { [clock = environment.continuousClock] send in
///   for await _ in clock.timer(interval: .seconds(1)) {
///     await send(.timerTicked)
///   }
/// }
/// ```
///
/// With a `TestClock`, `advance(by: .seconds(3))` on a one-second timer delivers three ticks.
public struct ClockTimer: AsyncSequence, Sendable {
  /// The time elapsed since the timer started.
  public typealias Element = Duration

  private let ticks: any TimerTicks

  init<C: Clock>(clock: C, interval: Duration) where C.Duration == Duration {
    if interval <= .zero { runtimeWarn(ClockTimer.nonPositiveInterval(interval)) }
    ticks = Ticks(clock: clock, interval: interval)
  }

  /// An iterator that starts the timer on its first `next()`.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(ticks: ticks)
  }

  /// Waits for the timer's ticks.
  public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
    fileprivate var ticks: any TimerTicks

    /// Waits for the next tick; `nil` once the task is cancelled.
    public mutating func next() async -> Duration? {
      await ticks.next()
    }
  }

  static func nonPositiveInterval(_ interval: Duration) -> String {
    """
    timer(interval: \(interval)) was called with an interval of zero or less.

    A timer ticks once every interval, and this one would never stop ticking, so it ends at once. \
    To fix: pass timer(interval:) a duration greater than zero.
    """
  }
}

/// Timers on any clock that measures `Swift.Duration`, `any Clock<Duration>` included.
extension Clock where Duration == Swift.Duration {
  /// A ``ClockTimer`` that ticks every `interval` of this clock, `any Clock<Duration>` included,
  /// until the iterating task is cancelled.
  ///
  /// An interval of zero or less is a runtime warning (a test failure in tests), and the timer
  /// then ends without ticking.
  public func timer(interval: Duration) -> ClockTimer {
    ClockTimer(clock: self, interval: interval)
  }
}

/// So that ``ClockTimer`` names no clock type.
private protocol TimerTicks: Sendable {
  mutating func next() async -> Duration?
}

private struct Ticks<C: Clock>: TimerTicks where C.Duration == Duration {
  let clock: C
  let interval: Duration
  var start: C.Instant?
  /// The tick waited for last, whose deadline is `start + interval * count`.
  var count: Int64 = 0
  var hasEnded = false

  init(clock: C, interval: Duration) {
    self.clock = clock
    self.interval = interval
    hasEnded = interval <= .zero
  }

  mutating func next() async -> Duration? {
    guard !hasEnded, !Task.isCancelled else {
      hasEnded = true
      return nil
    }
    let now = clock.now
    let start = self.start ?? now
    self.start = start
    // A tick that came due while the last one was handled is skipped, not delivered at once.
    count = max(count + 1, wholeIntervals(in: start.duration(to: now)) + 1)
    do {
      try await clock.sleep(until: start.advanced(by: interval * count), tolerance: nil)
    } catch {
      // Cancelled (a clock's sleep throws nothing else).
      hasEnded = true
      return nil
    }
    return start.duration(to: clock.now)
  }

  /// The quotient of two durations is a `Double`: corrected here to be exact.
  private func wholeIntervals(in elapsed: Duration) -> Int64 {
    var whole = Int64((elapsed / interval).rounded(.down))
    while interval * whole > elapsed { whole -= 1 }
    while interval * (whole + 1) <= elapsed { whole += 1 }
    return whole
  }
}
