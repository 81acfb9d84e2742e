#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Deps supports Apple platforms and Linux: this platform has neither Darwin, Glibc nor Musl.")
#endif

/// How many operations the stress tests run.
///
/// A plain `swift test` runs a tenth of the full counts: the storms share the process with every
/// other test, and at full size they starve tests that wait for effects. CI runs the full counts
/// in a process of their own (`DEPS_STRESS_SCALE=1 swift test --filter ...`, see `.ci/run`). The
/// sanitizer runs keep the tenth too: they make every memory access several times slower.
/// `DEPS_STRESS_SCALE` (a number such as `0.1` or `1`) sets the factor.
package enum StressScale {
  package static let factor: Double = {
    if let text = getenv("DEPS_STRESS_SCALE"), let value = Double(String(cString: text)), value > 0 {
      return value
    }
    return 0.1
  }()

  /// `count` scaled, at least 1.
  package static func scaled(_ count: Int) -> Int { max(1, Int(Double(count) * factor)) }
}
