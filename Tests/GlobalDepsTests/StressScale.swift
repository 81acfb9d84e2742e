#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many operations the stress tests run.
///
/// The full counts run in a plain `swift test`. Under the thread or address sanitizer (detected by
/// their runtime's symbols, as `swift test --sanitize=thread` links them into the test binary),
/// which make every memory access several times slower, they run a tenth of it. The environment
/// variable `DEPS_STRESS_SCALE` (a number such as `0.1` or `1`) overrides both.
enum StressScale {
  static let factor: Double = {
    if let text = getenv("DEPS_STRESS_SCALE"), let value = Double(String(cString: text)), value > 0 {
      return value
    }
    return underSanitizer ? 0.1 : 1
  }()

  static var underSanitizer: Bool {
    let process = dlopen(nil, RTLD_NOW)
    defer { if let process { dlclose(process) } }
    return dlsym(process, "__tsan_init") != nil || dlsym(process, "__asan_init") != nil
  }

  /// `count` scaled, at least 1.
  static func scaled(_ count: Int) -> Int { max(1, Int(Double(count) * factor)) }
}
