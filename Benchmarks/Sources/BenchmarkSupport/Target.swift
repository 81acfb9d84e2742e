/// A goal for a measured ratio, printed as PASS or MISS.
///
/// ```swift
/// let targets = [
///   Target("depth-64 read / depth-1 read", depth64 / depth1, atMost: 1.2),
///   Target("GlobalDeps 2 threads / 1 thread", scaling, atLeast: 1.5),
/// ]
/// printTargets(targets)
/// ```
public struct Target: Sendable {
  /// What is compared, as printed.
  public let name: String
  /// The measured ratio.
  public let value: Double
  /// The bound, as printed: `<= 1.2`, `>= 15`.
  public let goal: String
  /// Whether the measured ratio meets the bound.
  public let met: Bool

  /// A target met when `value` is at most `limit`.
  public init(_ name: String, _ value: Double, atMost limit: Double) {
    self.init(name: name, value: value, goal: "<= \(Target.trim(limit))", met: value <= limit)
  }

  /// A target met when `value` is at least `limit`.
  public init(_ name: String, _ value: Double, atLeast limit: Double) {
    self.init(name: name, value: value, goal: ">= \(Target.trim(limit))", met: value >= limit)
  }

  private init(name: String, value: Double, goal: String, met: Bool) {
    self.name = name
    self.value = value
    self.goal = goal
    self.met = met
  }

  /// `1.0` as `1`, `1.0 / 3` as `0.333`.
  private static func trim(_ limit: Double) -> String {
    limit == limit.rounded() ? String(Int(limit)) : String((limit * 1000).rounded() / 1000)
  }

  /// The target's line: name, measured ratio, bound, PASS or MISS.
  public var line: String {
    var measured = "n/a"
    if value.isFinite {
      let hundredths = Int((value * 100).rounded())
      let fraction = String(hundredths % 100)
      measured = "\(hundredths / 100)." + (fraction.count < 2 ? "0" : "") + fraction + "x"
    }
    func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
      let padding = String(repeating: " ", count: max(1, width - text.count))
      return left ? text + padding : padding + text
    }
    return "  " + pad(name, 56, left: true) + pad(measured, 9) + "  target " + pad(goal, 8, left: true)
      + (met ? "PASS" : "MISS")
  }
}

/// Prints `targets` under a `Targets:` heading, one line each, and a count of misses.
public func printTargets(_ targets: [Target]) {
  print()
  print("Targets:")
  for target in targets { print(target.line) }
  let missed = targets.filter { !$0.met }.count
  print(missed == 0 ? "All \(targets.count) targets PASS." : "\(missed) of \(targets.count) targets MISS.")
}
