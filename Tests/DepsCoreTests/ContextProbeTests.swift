import Foundation
import Testing

/// An executable that links `DepsTesting`, and with it XCTest and Swift Testing, runs in the live
/// context: the test context comes from a running test, not from a linked framework.
@Suite struct ContextProbeTests {
  @Test func anExecutableLinkingDepsTestingRunsLive() throws {
    #expect(try Self.runProbe(context: nil) == "live linked live live\n")
  }

  @Test func bothModulesResolvePreviewValuesInThePreviewContext() throws {
    #expect(try Self.runProbe(context: "preview") == "preview linked preview preview\n")
    #expect(try Self.runProbe(context: "test") == "test linked test test\n")
  }

  /// Runs the probe with `DEPS_CONTEXT` set to `context` (unset for `nil`), returning its output.
  private static func runProbe(context: String?) throws -> String {
    let run = try Probe.run(context: context)
    #expect(run.status == 0)
    return run.output
  }
}
