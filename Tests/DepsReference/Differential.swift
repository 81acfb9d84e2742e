import Foundation

/// A step of a differential program: what the program does, and the steps nested in it (a scope's
/// update and body), which shrinking deletes too.
package protocol ProgramStep: Sendable, CustomStringConvertible {
  /// The lists of steps nested in this one; empty for most steps.
  var nested: [[Self]] { get }
  /// This step with its nested lists replaced by `lists` (as many as ``nested`` has).
  func replacingNested(_ lists: [[Self]]) -> Self
}

extension ProgramStep {
  package var nested: [[Self]] { [] }
  package func replacingNested(_ lists: [[Self]]) -> Self { self }
}

/// Runs seeded random programs against a library and its reference, and shrinks a disagreement
/// to the shortest program that still shows it.
///
/// A failure names its seed; `DEPS_DIFF_SEED=<seed>` runs that seed alone (every differential
/// test draws its own program from it), `DEPS_DIFF_PROGRAMS=<n>` changes how many programs each
/// test runs (from seed `DEPS_DIFF_FIRST_SEED`, 1 unless set), for a longer hunt.
///
/// The shrunk program runs in the process that ran the failing one: a defect that leaves state
/// behind it (a cache not purged, a child shared between parents) may fail the shrunk program only
/// after the whole one ran. Replaying the seed runs the whole program first.
package enum Differential {
  /// The seeds a test runs: `count` of them, or the one `DEPS_DIFF_SEED` names.
  package static func seeds(count: Int) -> [UInt64] {
    if let seed = environment("DEPS_DIFF_SEED").flatMap(UInt64.init) { return [seed] }
    let total = environment("DEPS_DIFF_PROGRAMS").flatMap(Int.init) ?? count
    let first = environment("DEPS_DIFF_FIRST_SEED").flatMap(UInt64.init) ?? 1
    return (0..<UInt64(max(total, 0))).map { first + $0 }
  }

  private static func environment(_ name: String) -> String? {
    ProcessInfo.processInfo.environment[name]
  }

  /// Runs the programs `generate` draws from `seeds`; `run` returns `nil` when the library agrees
  /// with the reference throughout, else the first disagreement. Returns the report of the first
  /// failing seed, its program shrunk, or `nil` when every program agreed.
  package static func explore<Step: ProgramStep>(
    _ name: String, seeds: [UInt64], shrinkBudget: Int = 1_500, replay: String,
    isolation: isolated (any Actor)? = #isolation,
    generate: (inout SeededGenerator) -> [Step],
    run: ([Step]) async -> String?
  ) async -> String? {
    let clock = ContinuousClock()
    let started = clock.now
    for (index, seed) in seeds.enumerated() {
      var generator = SeededGenerator(seed: seed)
      let program = generate(&generator)
      guard let disagreement = await run(program) else { continue }
      let found = clock.now - started
      let (shrunk, message, runs) = await shrink(
        program, disagreement: disagreement, budget: shrinkBudget, run: run)
      return """
        \(name): the library disagrees with the reference on seed \(seed) (program \(index + 1) \
        of \(seeds.count), found in \(found.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 2)))), \
        shrunk in \(runs) runs from \(count(program)) steps to \(count(shrunk)).
        Replay: DEPS_DIFF_SEED=\(seed) \(replay)
        Shortest failing program:
        \(describe(shrunk))
        First disagreement: \(message)
        """
    }
    return nil
  }

  /// How many steps `program` has, nested ones included.
  package static func count<Step: ProgramStep>(_ program: [Step]) -> Int {
    program.reduce(0) { $0 + 1 + $1.nested.reduce(0) { $0 + count($1) } }
  }

  /// The program, one numbered step a line, nested steps indented.
  package static func describe<Step: ProgramStep>(_ program: [Step]) -> String {
    var lines: [String] = []
    func add(_ steps: [Step], depth: Int) {
      for step in steps {
        lines.append(String(repeating: "  ", count: depth) + "\(lines.count + 1). \(step)")
        for list in step.nested { add(list, depth: depth + 1) }
      }
    }
    add(program, depth: 1)
    return lines.joined(separator: "\n")
  }

  /// The shortest program found that still disagrees, by deleting steps (chunks first, then one
  /// at a time, at every depth) and by unwrapping nested steps; at most `budget` runs.
  static func shrink<Step: ProgramStep>(
    _ program: [Step], disagreement: String, budget: Int = 1_500,
    isolation: isolated (any Actor)? = #isolation,
    run: ([Step]) async -> String?
  ) async -> ([Step], String, Int) {
    var best = program
    var message = disagreement
    var runs = 0
    func tryCandidate(_ candidate: [Step]) async -> Bool {
      guard runs < budget else { return false }
      runs += 1
      guard let found = await run(candidate) else { return false }
      best = candidate
      message = found
      return true
    }
    var chunk = max(best.count / 2, 1)
    while chunk >= 1 {
      var start = 0
      while start < best.count {
        var candidate = best
        candidate.removeSubrange(start..<min(start + chunk, best.count))
        if await !tryCandidate(candidate) { start += chunk }
      }
      chunk /= 2
    }
    var improved = true
    while improved, runs < budget {
      improved = false
      for candidate in edits(of: best) where await tryCandidate(candidate) {
        improved = true
        break
      }
    }
    return (best, message, runs)
  }

  /// Every program one edit away from `steps`: a step deleted, a nested step unwrapped into its
  /// nested steps, or the same edits inside a nested list.
  static func edits<Step: ProgramStep>(of steps: [Step]) -> [[Step]] {
    var result: [[Step]] = []
    for index in steps.indices {
      var deleted = steps
      deleted.remove(at: index)
      result.append(deleted)
      let lists = steps[index].nested
      guard !lists.isEmpty else { continue }
      var unwrapped = steps
      unwrapped.replaceSubrange(index...index, with: lists.flatMap { $0 })
      result.append(unwrapped)
      for (listIndex, list) in lists.enumerated() {
        for edited in edits(of: list) {
          var newLists = lists
          newLists[listIndex] = edited
          var candidate = steps
          candidate[index] = steps[index].replacingNested(newLists)
          result.append(candidate)
        }
      }
    }
    return result
  }
}
