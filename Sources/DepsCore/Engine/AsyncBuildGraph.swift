/// Which asynchronous build runs and which build each waiting reader waits for from inside which
/// build, to tell a wait that would never end: the asynchronous twin of ``BuildGraph``.
///
/// A build runs in a task of its own, so one that awaits itself, directly or through other builds,
/// would wait forever: the reader whose wait would close the cycle is told the cycle instead. A
/// wait is on record only while its build runs; a build's end removes it before readers resume.
///
/// A `Task { … }` started inside a build inherits its task-locals, as an `async let` does, and counts
/// as part of the build until it ends: a build cannot tell them apart.
enum AsyncBuildGraph {
  /// The run of the build whose `make` runs on this task (and the tasks it starts); `nil` outside.
  @TaskLocal static var building: Run?

  /// One run of one build (one that throws runs again): what a reader inside it holds up by waiting.
  final class Run: Sendable {
    let build: ObjectIdentifier

    init(build: ObjectIdentifier) { self.build = build }
  }

  private struct State {
    /// Build → its run in flight.
    var running: [ObjectIdentifier: Run] = [:]
    /// The waits on record: one reader of one build each.
    var waits: [WaitID: Wait] = [:]
  }

  private struct WaitID: Hashable {
    var target: ObjectIdentifier
    var reader: UInt64
  }

  private struct Wait {
    var waiter: Run
    var target: ObjectIdentifier
    var targetName: String
  }

  private static let state = Locked(State())

  static func began(_ run: Run) {
    state.withLock { $0.running[run.build] = run }
  }

  /// Records that `run` ended: the waits for its build are over (waits from inside it end with
  /// their own builds: the walk follows only runs in flight).
  static func ended(_ run: Run) {
    state.withLock { state in
      if state.running[run.build] === run { state.running[run.build] = nil }
      state.waits = state.waits.filter { $0.value.target != run.build }
    }
  }

  /// Records that reader `reader` of `target` waits for it from inside `waiter`, or, when `target`
  /// waits through the recorded waits for `waiter`'s build, records nothing and returns the cycle
  /// (first and last `target`).
  static func wait(
    _ reader: UInt64, for target: ObjectIdentifier, named name: String, from waiter: Run?
  ) -> AsyncDependencyCycle? {
    // A reader outside every running build holds up no build: its wait closes no cycle.
    guard let waiter else { return nil }
    return state.withLock { state -> AsyncDependencyCycle? in
      guard state.running[waiter.build] === waiter else { return nil }
      if let path = path(from: target, to: waiter.build, in: state) {
        return AsyncDependencyCycle(path: [name] + path + [name])
      }
      state.waits[WaitID(target: target, reader: reader)] = Wait(
        waiter: waiter, target: target, targetName: name)
      return nil
    }
  }

  static func stopWaiting(_ reader: UInt64, for target: ObjectIdentifier) {
    _ = state.withLock { $0.waits.removeValue(forKey: WaitID(target: target, reader: reader)) }
  }

  /// The builds after `start` on the way to `end` along the recorded waits, `end` last; `nil` when
  /// `start` does not wait for `end`. The recorded waits make no cycle, so the walk ends.
  private static func path(from start: ObjectIdentifier, to end: ObjectIdentifier, in state: State)
    -> [String]?
  {
    if start == end { return [] }
    var visited: Set<ObjectIdentifier> = [start]
    // Depth first: each entry a build reached, and the names of the builds on the way to it.
    var pending: [(build: ObjectIdentifier, names: [String])] = [(start, [])]
    while let (build, names) = pending.popLast() {
      guard let run = state.running[build] else { continue }
      for wait in state.waits.values where wait.waiter === run {
        let reached = names + [wait.targetName]
        if wait.target == end { return reached }
        if visited.insert(wait.target).inserted { pending.append((wait.target, reached)) }
      }
    }
    return nil
  }
}
