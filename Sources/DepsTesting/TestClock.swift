import DepsCore
import DepsReducer

@_exported import struct DepsReducer.ImmediateClock

/// A clock whose time moves only when a test says so: sleepers wake when ``advance(by:)`` or
/// ``run(timeout:fileID:file:line:column:)`` reaches their deadline, in deadline order, then FIFO.
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
/// Time moves one deadline at a time, and a woken task runs until it sleeps again before the next
/// sleeper wakes, so a timer ticks once for every interval an advance covers. `sleep(for: .zero)`
/// waits for the next `advance`; a cancelled sleeper throws `CancellationError` at once.
/// Overlapping advances take turns: two concurrent `advance(by: .seconds(5))` move time 10 seconds.
public final class TestClock: Clock, Sendable {
  /// A point in the clock's time.
  public typealias Instant = ImmediateClock.Instant

  private struct State {
    var now = Instant()
    var nextID: UInt64 = 0
    /// How many advances have begun (`run` counts one for each deadline it moves to).
    var advances: UInt64 = 0
    var sleepers: [UInt64: Sleeper] = [:]
    var cancelled: Set<UInt64> = []
    /// Sleepers the clock woke whose task has not yet returned from `sleep`.
    var waking: Set<UInt64> = []
    /// Whether an advance or a run moves time; those that begin meanwhile wait in `turns`.
    var isMoving = false
    var turns: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Locked(State())
  private let limits: SettleLimits

  /// Creates a clock at its start.
  public init() {
    limits = SettleLimits()
  }

  /// Creates a clock at its start that waits for woken work as `limits` say (tests shorten them).
  init(limits: SettleLimits) {
    self.limits = limits
  }

  /// The current instant.
  public var now: Instant { state.withLock { $0.now } }

  /// The smallest duration the clock tells apart.
  public var minimumResolution: Duration { .zero }

  /// How many sleepers wait (tests wait for a sleeper to be registered).
  package var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until the clock reaches `deadline`: returns at once when the clock is past it, and
  /// waits for the next advance when the clock is at it.
  /// `tolerance` is ignored; throws `CancellationError` when the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let owner = Sleeper.Owner.current
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    defer {
      state.withLock { state in
        state.waking.remove(id)
        // A cancellation that came after the clock woke it left a mark nobody reads.
        state.cancelled.remove(id)
      }
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        enum Outcome { case wait, wake, cancel }
        let outcome = state.withLock { state -> Outcome in
          if state.cancelled.remove(id) != nil { return .cancel }
          if deadline < state.now { return .wake }
          state.sleepers[id] = Sleeper(
            id: id, deadline: deadline, continuation: continuation, owner: owner,
            // At the clock's instant: the next advance, not this one (a loop of zero sleeps would spin).
            firstAdvance: deadline == state.now ? state.advances + 1 : 0)
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
  /// letting each run until it sleeps again (or ends) before the next wakes.
  ///
  /// Sleeps that woken tasks start wake in the same advance when due by then: a one-second timer
  /// ticks three times in `advance(by: .seconds(3))`. A negative duration is a runtime warning (a
  /// failure in tests). A cancelled advance wakes the sleepers due without waiting for them.
  public func advance(by duration: Duration = .zero) async {
    guard duration >= .zero else {
      runtimeWarn(TestClock.negativeAdvance(duration))
      return
    }
    await takeTurn()
    defer { endTurn() }
    let (target, advance) = state.withLock { state in
      state.advances += 1
      return (state.now.advanced(by: duration), state.advances)
    }
    await yieldToEffects(rounds: limits.startRounds)
    var noBudget: EffectTimeout?
    await wake(upTo: target, advance: advance, budget: &noBudget)
  }

  /// Moves time forward until no sleeper is left, waking them in deadline order and letting each
  /// run until it sleeps again (or ends); fails the test if sleepers are left after `timeout`.
  ///
  /// A timer, or a loop that sleeps, never leaves the clock without sleepers: end such work first,
  /// or use ``advance(by:)``. A negative `timeout` is a runtime warning (a failure in tests).
  /// `timeout` counts the time the woken work could run, as a test store's timeouts do.
  public func run(
    timeout: Duration = .seconds(5),
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard timeout >= .zero else {
      runtimeWarn(
        TestClock.negativeRunTimeout(timeout), fileID: fileID, filePath: file, line: line, column: column)
      return
    }
    await takeTurn()
    defer { endTurn() }
    var budget: EffectTimeout? = EffectTimeout(timeout, charge: limits.wakeCharge)
    let started = ContinuousClock.now
    await yieldToEffects(rounds: limits.startRounds)
    budget?.count(since: started)
    var lastWoken: Woken?
    while true {
      let next = state.withLock { state -> (target: Instant, advance: UInt64)? in
        guard let first = state.sleepers.values.min(by: Sleeper.wakesBefore) else { return nil }
        state.advances += 1
        return (max(first.deadline, state.now), state.advances)
      }
      guard let next else { return }
      guard budget?.hasPassed != true else {
        // The last task woken may still be on its way back to sleep: listed once it sleeps.
        if let lastWoken {
          await waitForEffects(timeout: limits.task, yieldingFirst: limits.yieldsFirst) {
            sleptAgain(lastWoken)
          }
        }
        let failure = await runTimedOut(after: timeout)
        reportTestFailure(failure, fileID: fileID, filePath: file, line: line, column: column)
        return
      }
      lastWoken = await wake(upTo: next.target, advance: next.advance, budget: &budget) ?? lastWoken
    }
  }

  /// Waits until no other advance or run moves time, then moves it: overlapping advances take turns
  /// in order, each from where the one before left (else one could move past the other's next sleep).
  private func takeTurn() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isFree = state.withLock { state in
        guard state.isMoving else {
          state.isMoving = true
          return true
        }
        state.turns.append(continuation)
        return false
      }
      if isFree { continuation.resume() }
    }
  }

  private func endTurn() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.turns.isEmpty else {
        state.isMoving = false
        return nil
      }
      return state.turns.removeFirst()
    }
    next?.resume()
  }

  /// Wakes the sleepers due by `target` one at a time, each after the woken task before it ran;
  /// stops once `budget` (a run's timeout) has passed. Returns the last sleeper woken.
  @discardableResult
  private func wake(upTo target: Instant, advance: UInt64, budget: inout EffectTimeout?) async -> Woken? {
    var last: Woken?
    while let woken = wakeNext(upTo: target, advance: advance) {
      last = woken
      let started = ContinuousClock.now
      await settle(woken)
      budget?.count(since: started)
      if budget?.hasPassed == true { return last }
    }
    return last
  }

  /// Moves time to the next sleeper due by `target` and resumes it; with none left, to `target`.
  private func wakeNext(upTo target: Instant, advance: UInt64) -> Woken? {
    let woken = state.withLock { state -> Woken? in
      guard
        let next = state.sleepers.values
          .filter({ $0.deadline <= target && $0.firstAdvance <= advance })
          .min(by: Sleeper.wakesBefore)
      else {
        state.now = max(state.now, target)
        return nil
      }
      state.sleepers[next.id] = nil
      state.waking.insert(next.id)
      state.now = max(state.now, next.deadline)
      let hasSiblings = state.sleepers.values.contains { $0.owner == next.owner }
      return Woken(sleeper: next, laterSleeps: state.nextID, hasSleepingSiblings: hasSiblings)
    }
    woken?.sleeper.continuation.resume()
    return woken
  }

  /// Waits until the task `woken` woke sleeps again or ends, then lets the work it started run a
  /// little. Limits count as ``EffectTimeout`` does, the time the work could run: in a busy run a
  /// woken effect can wait seconds for a thread, and a real-time limit gave up on it.
  private func settle(_ woken: Woken) async {
    // A cancelled advance goes on without waiting, also when cancelled while it waits.
    guard !Task.isCancelled else { return }
    let isAwake = await waitForEffects(timeout: limits.task, yieldingFirst: limits.yieldsFirst) {
      Task.isCancelled || !state.withLock { $0.waking.contains(woken.sleeper.id) }
    }
    guard isAwake, !Task.isCancelled else { return }
    if case .effect(let effect) = woken.sleeper.owner, !woken.hasSleepingSiblings {
      // A store tells when an effect ends: wait for that or its next sleep, longer than for a task.
      await waitForEffects(timeout: limits.effect, yieldingFirst: limits.yieldsFirst) {
        Task.isCancelled || effect.hasEnded || sleptAgain(woken)
      }
    } else {
      // Nothing tells when a task ends: counted from when the task runs, not from when it was resumed.
      var limit = EffectTimeout(limits.task)
      await waitForNextSleep(of: woken, limit: &limit)
    }
    await yieldToEffects(rounds: limits.afterRounds)
  }

  /// Waits for `woken`'s owner to sleep again: yields, a turn of the main actor, more yields.
  private func waitForNextSleep(of woken: Woken, limit: inout EffectTimeout) async {
    await quietRounds(until: woken, limit: &limit)
    guard !sleptAgain(woken) else { return }
    let mainActorRan = Locked(false)
    Task { @MainActor in mainActorRan.withLock { $0 = true } }
    await waitForEffects(counting: &limit, yieldingFirst: limits.yieldsFirst) {
      Task.isCancelled || mainActorRan.withLock { $0 } || sleptAgain(woken)
    }
    await quietRounds(until: woken, limit: &limit)
  }

  /// Yields for ``quietRounds`` rounds, until `woken`'s owner sleeps again, or until `limit`.
  private func quietRounds(until woken: Woken, limit: inout EffectTimeout) async {
    var rounds = 0
    while rounds < limits.quietRounds, !sleptAgain(woken), !limit.hasPassed, !Task.isCancelled {
      let start = ContinuousClock.now
      await yieldToEffects(rounds: 1)
      limit.count(since: start)
      rounds += 1
    }
  }

  private func sleptAgain(_ woken: Woken) -> Bool {
    state.withLock { state in
      state.sleepers.values.contains {
        $0.id > woken.laterSleeps && $0.owner == woken.sleeper.owner
      }
    }
  }

  /// The failure of a `run` with sleepers left: the clock's time, each sleeper's deadline and effect.
  private func runTimedOut(after timeout: Duration) async -> String {
    let (now, left) = state.withLock { state in
      (state.now, state.sleepers.values.sorted(by: Sleeper.wakesBefore))
    }
    var lines: [String] = []
    for sleeper in left {
      var line = "  Sleeping until \(sleeper.deadline.offset)"
      if case .effect(let effect) = sleeper.owner, let origin = await Self.describe(effect) {
        line += ", in an effect of \(origin)"
      }
      lines.append(line)
    }
    return TestClock.runTimedOut(after: timeout, now: now.offset, sleepers: lines)
  }

  /// The action that started `effect`, or `nil` when its store's main actor is busy for 5 seconds.
  private static func describe(_ effect: RunningEffect) async -> String? {
    let description = Locked<String?>(nil)
    let task = Task {
      let text = await effect.describeOrigin()
      description.withLock { $0 = text }
    }
    // The main actor may be busy with other tests: counted as a test store's waits count.
    await waitForEffects(timeout: .seconds(5)) { description.withLock { $0 != nil } }
    task.cancel()
    return description.withLock { $0 }
  }

  static func negativeAdvance(_ duration: Duration) -> String {
    """
    TestClock.advance(by: \(duration)) was called with a negative duration.

    A clock's time never goes back, so the time was left as it was. To fix: pass advance(by:) a \
    duration of zero or more.
    """
  }

  static func negativeRunTimeout(_ timeout: Duration) -> String {
    """
    TestClock.run(timeout: \(timeout)) was called with a negative timeout.

    run() moves time for at most its timeout, so it moved none. To fix: pass run(timeout:) a \
    duration of zero or more (5 seconds unless given).
    """
  }

  static func runTimedOut(after timeout: Duration, now: Duration, sleepers: [String]) -> String {
    """
    TestClock.run() timed out after \(timeout) with \(sleepers.count) \
    sleeper\(sleepers.count == 1 ? "" : "s") left.

      Now: \(now)
    \(sleepers.joined(separator: "\n"))

    run() wakes sleepers until none is left, but these slept again each time they woke, as a \
    timer or a loop that sleeps does. To fix: end the repeating work before run() (cancel its \
    effect or its task), or move time with advance(by:), which stops; if the work does end, give \
    it more time with run(timeout:).
    """
  }
}

/// How a ``TestClock`` waits for the work it woke: its tuning, in one place. Limits count the time
/// the work could run (as ``EffectTimeout``), so that a busy process does not make it look stuck.
struct SettleLimits: Sendable {
  /// For a woken task to run, and then to sleep again or end.
  var task = Duration.seconds(1)
  /// For a woken effect (with no other task sleeping) to sleep again or end.
  var effect = Duration.seconds(5)
  /// The most one wake counts against `run(timeout:)`: idle, a wake takes about a millisecond.
  var wakeCharge = Duration.milliseconds(50)
  /// How many times a wait for a woken task looks between yields before it sleeps between looks.
  var yieldsFirst = 100
  /// Rounds of yields before an advance, so that effects just started reach their first sleep.
  var startRounds = 10
  /// Rounds of yields a plain task (not an effect) gets to sleep again after waking.
  var quietRounds = 20
  /// Rounds of yields after a woken task settled, so that the work it started reaches its sleeps.
  var afterRounds = 2
}

/// A task waiting on a ``TestClock``.
private struct Sleeper: Sendable {
  /// Who sleeps: the effect of a store (which tells when it ends), else the task.
  enum Owner: Equatable, Sendable {
    case effect(RunningEffect)
    case task(Int)
    case unknown

    /// The effect or task running the current code.
    static var current: Owner {
      if let effect = RunningEffect.current { return .effect(effect) }
      return withUnsafeCurrentTask { task in task.map { .task($0.hashValue) } } ?? .unknown
    }

    static func == (lhs: Owner, rhs: Owner) -> Bool {
      switch (lhs, rhs) {
      case (.effect(let lhs), .effect(let rhs)): lhs === rhs
      case (.task(let lhs), .task(let rhs)): lhs == rhs
      default: false
      }
    }
  }

  let id: UInt64
  let deadline: TestClock.Instant
  let continuation: CheckedContinuation<Void, any Error>
  let owner: Owner
  /// The first advance that may wake it.
  let firstAdvance: UInt64

  /// Earliest deadline first; with one deadline, the one that began to sleep first.
  static func wakesBefore(_ lhs: Sleeper, _ rhs: Sleeper) -> Bool {
    (lhs.deadline, lhs.id) < (rhs.deadline, rhs.id)
  }
}

private struct Woken {
  let sleeper: Sleeper
  /// The last sleep id when it woke: the sleeps with greater ids began since.
  let laterSleeps: UInt64
  /// Whether other sleepers of its owner (other tasks of its effect) were sleeping then.
  let hasSleepingSiblings: Bool
}
