#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whether the process runs an app or a test suite, which decides the value a dependency that
/// nobody overrode resolves to.
///
/// In a test process (XCTest or Swift Testing running the process) a dependency resolves to its
/// key's `testValue`; elsewhere to its `defaultValue`. The context is detected once per process,
/// on first use, and never changes afterwards.
///
/// Set the `DEPS_CONTEXT` environment variable to `live` or `test` to force a context, e.g. to run
/// a test binary against live dependencies or a command-line tool against test ones:
///
/// ```sh
/// DEPS_CONTEXT=live swift test --filter IntegrationTests
/// ```
///
/// Read it to keep app-only work out of a test process:
///
/// ```swift
/// if DependencyContext.current == .live {
///   Analytics.start()
/// }
/// ```
public enum DependencyContext: String, Sendable, Hashable, CaseIterable {
  /// An app, a tool or a server: dependencies resolve to their `defaultValue`.
  case live
  /// A test process, run by XCTest or Swift Testing: dependencies resolve to their `testValue`.
  case test

  /// The context of this process, detected once on first use.
  ///
  /// The `DEPS_CONTEXT` environment variable (`live` or `test`) wins over detection; any other
  /// value is reported with a runtime warning and ignored.
  public static var current: DependencyContext { detected }

  /// The name of the environment variable that forces the context.
  package static let environmentVariable = "DEPS_CONTEXT"

  // A `static let` is computed once, lazily and thread-safely.
  private static let detected: DependencyContext = {
    let detection = detect(
      environment: ProcessFacts.environment(),
      arguments: CommandLine.arguments,
      isTestRunning: TestReporter.isTestRunning
    )
    if let warning = detection.warning { runtimeWarn(warning) }
    return detection.context
  }()
}

extension DependencyContext {
  /// What ``DependencyContext/detect(environment:arguments:isTestRunning:)`` decided, and
  /// the warning to emit about the inputs, if any.
  package struct Detection: Equatable, Sendable {
    /// The context the process runs in.
    package var context: DependencyContext
    /// A runtime warning about a bad `DEPS_CONTEXT` value, or `nil`.
    package var warning: String?
  }

  /// The environment variables that only a test runner sets: Xcode and `xcodebuild` on Apple
  /// platforms, and Bazel's test runner.
  package static let testRunnerEnvironmentVariables = [
    "XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestBundleInjectPath",
    "XCTestSessionIdentifier", "BAZEL_TEST",
  ]

  /// Decides the context from facts about the process; a pure function, so that every branch
  /// can be tested with made-up facts.
  ///
  /// - Parameters:
  ///   - environment: The process's environment variables (only the names in
  ///     ``testRunnerEnvironmentVariables`` and `DEPS_CONTEXT` are read).
  ///   - arguments: The process's arguments, the executable first.
  ///   - isTestRunning: Whether an XCTest or Swift Testing test is running (as `DepsTesting`
  ///     tells; a test framework merely linked into the process does not count).
  /// - Returns: The context, and a warning when `DEPS_CONTEXT` holds a value that is not allowed.
  package static func detect(
    environment: [String: String],
    arguments: [String],
    isTestRunning: Bool
  ) -> Detection {
    var warning: String?
    if let forced = environment[environmentVariable] {
      if let context = DependencyContext(rawValue: forced) {
        return Detection(context: context, warning: nil)
      }
      warning = badEnvironmentValueMessage(forced)
    }
    let isTest =
      testRunnerEnvironmentVariables.contains { environment[$0] != nil }
      || arguments.contains(where: isTestRunnerArgument)
      || isTestRunning
    return Detection(context: isTest ? .test : .live, warning: warning)
  }

  /// The warning for a `DEPS_CONTEXT` value that is neither `live` nor `test`.
  package static func badEnvironmentValueMessage(_ value: String) -> String {
    """
    DEPS_CONTEXT has the unknown value "\(value)".

    The context is detected from the process instead: only "live" and "test" are allowed. \
    To fix: set DEPS_CONTEXT=live or DEPS_CONTEXT=test, or unset it.
    """
  }

  /// Whether one argument of the process names a test runner: the `xctest` tool, a `.xctest`
  /// bundle or executable (`swift test` on Linux runs `<Package>PackageTests.xctest`), the
  /// Swift Testing helper, or the `--testing-library` option of a test executable.
  private static func isTestRunnerArgument(_ argument: String) -> Bool {
    if argument == "--testing-library" { return true }
    var path = Substring(argument)
    while path.hasSuffix("/") { path = path.dropLast() }
    let name = path.split(separator: "/").last.map(String.init) ?? ""
    return name == "xctest" || name == "swiftpm-testing-helper" || name.hasSuffix(".xctest")
  }
}

/// Reads the live facts that ``DependencyContext/detect(environment:arguments:isTestRunning:)``
/// decides from.
private enum ProcessFacts {
  static func environment() -> [String: String] {
    var result: [String: String] = [:]
    // Only the variables the detection reads: no need to parse the whole environment.
    for name in DependencyContext.testRunnerEnvironmentVariables + [DependencyContext.environmentVariable] {
      if let value = getenv(name) { result[name] = String(cString: value) }
    }
    return result
  }
}
