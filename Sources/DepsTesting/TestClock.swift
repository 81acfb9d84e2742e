import DepsCore

@_exported import struct DepsReducer.ImmediateClock

/// A clock whose time moves only when a test says so: sleepers wake when ``advance(by:)`` or
/// ``run()`` reaches their deadline, in deadline order.
///
/// Override the clock a feature reads with it, send the action, then move time:
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: SearchState(), reducer: searchReducer,
///                       environment: SearchEnvironment().with(\.continuousClock, clock))
/// await store.send(.queryChanged("swift")) { $0.query = "swift" }
/// await clock.advance(by: .milliseconds(300))
/// await store.receive(.resultsLoaded(["swift"])) { $0.results = ["swift"] }
/// ```
///
/// A sleeper whose task is cancelled while it waits throws `CancellationError` at once.
public final class TestClock: Clock, Sendable {
  /// A point in the clock's time.
  public typealias Instant = ImmediateClock.Instant

  private struct Sleeper {
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant()
    var nextID: UInt64 = 0
    var sleepers: [UInt64: Sleeper] = [:]
    var cancelled: Set<UInt64> = []
    /// Sleepers the clock woke whose task has not yet returned from `sleep`: the clock waits for
    /// each before it wakes the next, so that sleepers run in deadline order.
    var waking: Set<UInt64> = []
  }

  private let state = Locked(State())

  /// Creates a clock at its start.
  public init() {}

  /// The current instant.
  public var now: Instant { state.withLock { $0.now } }

  /// The smallest duration the clock tells apart.
  public var minimumResolution: Duration { .zero }

  /// How many sleepers wait (tests wait for a sleeper to be registered).
  package var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until the clock reaches `deadline`; returns at once when it is already there.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` when the task is cancelled before or while it sleeps.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    defer { state.withLock { _ = $0.waking.remove(id) } }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        enum Outcome { case wait, wake, cancel }
        let outcome = state.withLock { state -> Outcome in
          if state.cancelled.remove(id) != nil { return .cancel }
          if deadline <= state.now { return .wake }
          state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          return .wait
        }
        switch outcome {
        case .wait: break
        case .wake: continuation.resume()
        case .cancel: continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let sleeper = state.withLock { state in
        guard let sleeper = state.sleepers.removeValue(forKey: id) else {
          // Not registered yet: the registration sees the mark and throws.
          state.cancelled.insert(id)
          return Sleeper?.none
        }
        return sleeper
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking every sleeper due by then, earliest first, and
  /// letting each run before the next wakes.
  ///
  /// A negative duration is a runtime warning (a test failure in tests) and leaves time as it is.
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(1))
  /// ```
  ///
  /// - Parameter duration: How far to move time.
  public func advance(by duration: Duration = .zero) async {
    guard duration >= .zero else {
      runtimeWarn(TestClock.negativeAdvance(duration))
      return
    }
    let target = now.advanced(by: duration)
    while true {
      await Self.yieldToOthers()
      let due = state.withLock { state -> (id: UInt64, sleeper: Sleeper)? in
        guard
          let (id, sleeper) = state.sleepers.min(by: { $0.value.deadline < $1.value.deadline }),
          sleeper.deadline <= target
        else {
          state.now = max(state.now, target)
          return nil
        }
        state.sleepers[id] = nil
        state.waking.insert(id)
        state.now = max(state.now, sleeper.deadline)
        return (id, sleeper)
      }
      guard let due else { break }
      due.sleeper.continuation.resume()
      await waitUntilAwake(due.id)
    }
    await Self.yieldToOthers()
  }

  /// Moves time forward until no sleeper is left, waking them in deadline order.
  ///
  /// ```swift
  /// await clock.run()
  /// ```
  public func run() async {
    while true {
      await Self.yieldToOthers()
      let due = state.withLock { state -> (id: UInt64, sleeper: Sleeper)? in
        guard let (id, sleeper) = state.sleepers.min(by: { $0.value.deadline < $1.value.deadline })
        else { return nil }
        state.sleepers[id] = nil
        state.waking.insert(id)
        state.now = max(state.now, sleeper.deadline)
        return (id, sleeper)
      }
      guard let due else { break }
      due.sleeper.continuation.resume()
      await waitUntilAwake(due.id)
    }
  }

  /// The warning for `advance(by:)` with a negative duration.
  static func negativeAdvance(_ duration: Duration) -> String {
    """
    TestClock.advance(by: \(duration)) was called with a negative duration.

    A clock's time never goes back, so the time was left as it was. To fix: pass advance(by:) a \
    duration of zero or more.
    """
  }

  // Returns once the task of the sleeper `id`, which the clock just woke, has returned from
  // `sleep`, so that the next sleeper wakes only after it.
  private func waitUntilAwake(_ id: UInt64) async {
    while state.withLock({ $0.waking.contains(id) }) { await Task.yield() }
  }

  // Lets effects that were just started or woken reach their next suspension (a sleep, a send)
  // before the clock looks at its sleepers again.
  private static func yieldToOthers() async {
    for _ in 0..<64 { await Task.yield() }
  }
}
