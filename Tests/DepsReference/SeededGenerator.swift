/// SplitMix64: a generator whose whole state is its seed, so that a seed names a program.
///
/// The standard library's `random(in:using:)` may change how it draws across releases; the
/// differential tests draw through ``int(below:)`` and friends instead, so a seed replays the same
/// program on every toolchain.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<bound`; `bound` is positive.
  package mutating func int(below bound: Int) -> Int {
    precondition(bound > 0, "DepsReference: int(below:) needs a positive bound, got \(bound).")
    return Int(next() % UInt64(bound))
  }

  /// `true` with probability `percent` in 100.
  package mutating func chance(_ percent: Int) -> Bool { int(below: 100) < percent }

  /// One of `items`, which is not empty.
  package mutating func pick<Element>(_ items: [Element]) -> Element {
    items[int(below: items.count)]
  }
}
