/// Whether the process runs an app, a test suite or an Xcode preview, which decides the value a
/// dependency that nobody overrode resolves to.
///
/// Tests resolve a dependency to its key's `testValue`, previews to `previewValue`, anything else
/// to `defaultValue`. Detected once per process from how it was started (a test runner's arguments
/// or variables, `XCODE_RUNNING_FOR_PREVIEWS=1`), never from a linked test framework.
///
/// Set `DEPS_CONTEXT` to `live`, `test` or `preview` to force a context, e.g. to run tests live:
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
  /// An Xcode preview (`XCODE_RUNNING_FOR_PREVIEWS=1`): dependencies resolve to `previewValue`.
  case preview

  /// The context of this process, detected once on first use; a valid `DEPS_CONTEXT` wins, any other
  /// value is reported with a runtime warning and ignored.
  public static var current: DependencyContext { detected.context }

  static let environmentVariable = "DEPS_CONTEXT"

  static let previewsEnvironmentVariable = "XCODE_RUNNING_FOR_PREVIEWS"

  static let detected: Detection = {
    let detection = detect(environment: ProcessFacts.environment(), arguments: CommandLine.arguments)
    // Logged, not `runtimeWarn`: warnings read the context, which is being computed here.
    if let warning = detection.warning { RuntimeWarnings.log(warning) }
    return detection
  }()

  /// ``current`` == ``test`` as one load of a word after the first, where ``current`` runs the lazy
  /// initializer's check (`swift_once`) on every use: GlobalDeps asks it for every scope and read.
  package static var isTest: Bool {
    switch runsTests.load() {
    case 2: return true
    case 1: return false
    default:
      let isTest = current == .test
      runsTests.store(isTest ? 2 : 1)
      return isTest
    }
  }

  /// 0 until ``isTest`` is first asked, then 1 (no) or 2 (yes).
  private static let runsTests = AtomicWord()

  /// The paragraph that ends a message about test-only code reached where no test runs: the context
  /// detected, why, and how to force the live one.
  static var detectionNote: String { detected.note }
}

extension DependencyContext {
  package struct Detection: Equatable, Sendable {
    var context: DependencyContext
    /// The fact about the process that decided the context, as a sentence fragment.
    var reason: String
    var warning: String?

    package init(context: DependencyContext, reason: String, warning: String? = nil) {
      self.context = context
      self.reason = reason
      self.warning = warning
    }

    var note: String {
      let detected = "This process runs in the \(context) context: \(reason)."
      guard context != .live else { return detected }
      return detected + " If that is wrong, set DEPS_CONTEXT=live in its environment to run it live."
    }
  }

  /// Set only by a test runner: Xcode and `xcodebuild` on Apple platforms, Bazel's test runner.
  static let testRunnerEnvironmentVariables = [
    "XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestBundleInjectPath",
    "XCTestSessionIdentifier", "BAZEL_TEST",
  ]

  /// Decides the context from how the process was started; pure, so that every branch can be tested
  /// with made-up facts. Only a test runner's traces count: a linked test framework does not.
  static func detect(environment: [String: String], arguments: [String]) -> Detection {
    var warning: String?
    if let forced = environment[environmentVariable] {
      if let context = DependencyContext(rawValue: forced) {
        return Detection(context: context, reason: "\(environmentVariable)=\(forced) is set")
      }
      warning = badEnvironmentValueMessage(forced)
    }
    if let variable = testRunnerEnvironmentVariables.first(where: { environment[$0] != nil }) {
      return Detection(
        context: .test, reason: "the test runner's variable \(variable) is set", warning: warning)
    }
    if let argument = arguments.first(where: isTestRunnerArgument) {
      return Detection(
        context: .test, reason: "a test runner started it (argument \"\(argument)\")",
        warning: warning)
    }
    if environment[previewsEnvironmentVariable] == "1" {
      return Detection(
        context: .preview, reason: "\(previewsEnvironmentVariable)=1 is set", warning: warning)
    }
    return Detection(
      context: .live, reason: "no test runner started it and no Xcode preview runs it",
      warning: warning)
  }

  static func badEnvironmentValueMessage(_ value: String) -> String {
    """
    DEPS_CONTEXT has the unknown value "\(value)".

    The context is detected from the process instead: only "live", "test" and "preview" are \
    allowed. To fix: set DEPS_CONTEXT=live, DEPS_CONTEXT=test or DEPS_CONTEXT=preview, or unset it.
    """
  }

  /// The `xctest` tool, a `.xctest` bundle or executable (`swift test` on Linux), the Swift Testing
  /// helper, or a test executable's `--testing-library` option.
  private static func isTestRunnerArgument(_ argument: String) -> Bool {
    if argument == "--testing-library" { return true }
    var path = Substring(argument)
    while path.hasSuffix("/") { path = path.dropLast() }
    let name = path.split(separator: "/").last.map(String.init) ?? ""
    return name == "xctest" || name == "swiftpm-testing-helper" || name.hasSuffix(".xctest")
  }
}

private enum ProcessFacts {
  static func environment() -> [String: String] {
    var result: [String: String] = [:]
    let names =
      DependencyContext.testRunnerEnvironmentVariables
      + [DependencyContext.environmentVariable, DependencyContext.previewsEnvironmentVariable]
    for name in names {
      if let value = environmentValue(name) { result[name] = value }
    }
    return result
  }
}
