/// Which build of an asynchronous value runs, and which build each waiting reader waits for from
/// inside which build: what it takes to tell a wait that would never end, the asynchronous twin
/// of ``BuildGraph``.
///
/// A build runs in a task of its own, so one that awaits itself, directly or through other builds,
/// would wait forever: the reader whose wait would close the cycle is told the cycle instead. A
/// wait is on record only while its build runs; a build's end removes it before readers resume.
///
/// A task started with `Task { … }` inside a build inherits its task-local values, as an
/// `async let` or a task group's child does, and counts as part of the build until the build ends;
/// a build cannot tell the one from the others.
enum AsyncBuildGraph {
  /// The run of a build whose `make` runs on the current task and the tasks it starts; `nil`
  /// outside every build.
  @TaskLocal static var building: Run?

  /// One run of one build (a build that throws runs again on the next read): what a reader inside
  /// it holds up by waiting.
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

  /// Records that `run` ended: the waits for its build are over. (A wait from inside it, by a
  /// task it started, is left to end with its own build: the walk follows only the runs in flight.)
  static func ended(_ run: Run) {
    state.withLock { state in
      if state.running[run.build] === run { state.running[run.build] = nil }
      state.waits = state.waits.filter { $0.value.target != run.build }
    }
  }

  /// Records that reader `reader` of the build `target` (named `name`) waits for it from inside
  /// `waiter`; when that wait would never end (`target` waits, through the recorded waits, for
  /// `waiter`'s build), records nothing and returns the cycle instead.
  /// Returns `nil` when the wait is recorded or needs none, or the cycle, first and last `target`.
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

  /// The names of the builds after `start` on the way from the build `start` to the build `end`
  /// along the recorded waits, `end` last (none when `start` is `end`); `nil` when `start` does not
  /// wait for `end`. The waits on record make no cycle (each was checked before it was recorded),
  /// so the walk ends.
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
