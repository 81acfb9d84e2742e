import Foundation
import Testing

/// An executable that links `DepsTesting`, and with it XCTest and Swift Testing, runs in the live
/// context: the test context comes from a running test, not from a linked framework.
@Suite struct ContextProbeTests {
  /// The probe, built next to this test bundle (the test target depends on it).
  private static func probeURL() -> URL? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<5 {
      let candidate = directory.appendingPathComponent("DepsContextProbe")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    return nil
  }

  @Test func anExecutableLinkingDepsTestingRunsLive() throws {
    #expect(try Self.runProbe(context: nil) == "live linked live live\n")
  }

  @Test func bothModulesResolvePreviewValuesInThePreviewContext() throws {
    #expect(try Self.runProbe(context: "preview") == "preview linked preview preview\n")
    #expect(try Self.runProbe(context: "test") == "test linked test test\n")
  }

  /// Runs the probe with `DEPS_CONTEXT` set to `context` (unset for `nil`), returning its output.
  private static func runProbe(context: String?) throws -> String {
    let probe = try #require(Self.probeURL(), "DepsContextProbe is not built next to the tests")
    let process = Process()
    process.executableURL = probe
    process.arguments = []
    // The probe's own environment, without what a test runner or CI sets to force a context.
    var environment = ProcessInfo.processInfo.environment
    for name in [
      "DEPS_CONTEXT", "XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestBundleInjectPath",
      "XCTestSessionIdentifier", "BAZEL_TEST", "XCODE_RUNNING_FOR_PREVIEWS",
    ] {
      environment[name] = nil
    }
    environment["DEPS_CONTEXT"] = context
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: data, as: UTF8.self)
  }
}
