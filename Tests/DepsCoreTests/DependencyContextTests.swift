import Testing

@testable import DepsCore

@Suite struct DependencyContextTests {
  private func detect(
    _ environment: [String: String] = [:], _ arguments: [String] = ["/usr/bin/app"]
  ) -> DependencyContext.Detection {
    DependencyContext.detect(environment: environment, arguments: arguments)
  }

  private static let liveReason = "no test runner started it and no Xcode preview runs it"

  @Test func thisProcessIsATest() {
    #expect(DependencyContext.current == .test)
  }

  @Test func anAppIsLive() {
    #expect(detect() == .init(context: .live, reason: Self.liveReason))
  }

  @Test(arguments: [
    "XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestBundleInjectPath", "XCTestSessionIdentifier",
    "BAZEL_TEST",
  ])
  func testRunnerEnvironmentMeansTest(variable: String) {
    #expect(
      detect([variable: "/tmp/x"])
        == .init(context: .test, reason: "the test runner's variable \(variable) is set"))
  }

  @Test(arguments: [
    ["/work/.build/debug/swift-composable-depsPackageTests.xctest"],
    ["/work/.build/debug/PackageTests.xctest/", "--filter", "X"],
    ["/Applications/Xcode.app/Contents/Developer/usr/bin/xctest", "/tmp/Tests.xctest"],
    ["/work/.build/debug/Tests", "--testing-library", "swift-testing"],
    ["/usr/bin/swiftpm-testing-helper", "--test-bundle-path", "/tmp/T"],
  ])
  func testRunnerArgumentsMeanTest(arguments: [String]) {
    #expect(detect([:], arguments).context == .test)
  }

  @Test func theReasonNamesTheTestRunnerArgument() {
    #expect(
      detect([:], ["/b/T.xctest"])
        == .init(context: .test, reason: #"a test runner started it (argument "/b/T.xctest")"#))
  }

  @Test func argumentsThatMerelyMentionXCTestAreLive() {
    #expect(detect([:], ["/usr/bin/app", "--name", "xctests", "notes.xctest.txt"]).context == .live)
  }

  @Test func xcodePreviewsMeanPreview() {
    #expect(
      detect(["XCODE_RUNNING_FOR_PREVIEWS": "1"])
        == .init(context: .preview, reason: "XCODE_RUNNING_FOR_PREVIEWS=1 is set"))
    #expect(detect(["XCODE_RUNNING_FOR_PREVIEWS": "0"]).context == .live)
  }

  @Test func theEnvironmentVariableForcesTheContext() {
    #expect(
      detect(["DEPS_CONTEXT": "live"], ["/tmp/T.xctest"])
        == .init(context: .live, reason: "DEPS_CONTEXT=live is set"))
    #expect(detect(["DEPS_CONTEXT": "test"]).context == .test)
    #expect(detect(["DEPS_CONTEXT": "preview"], ["/tmp/T.xctest"]).context == .preview)
  }

  @Test func aBadEnvironmentValueWarnsAndFallsBackToDetection() {
    let expected = """
      DEPS_CONTEXT has the unknown value "Test".

      The context is detected from the process instead: only "live", "test" and "preview" are \
      allowed. To fix: set DEPS_CONTEXT=live, DEPS_CONTEXT=test or DEPS_CONTEXT=preview, or unset it.
      """
    #expect(
      detect(["DEPS_CONTEXT": "Test"]) == .init(context: .live, reason: Self.liveReason, warning: expected))
    #expect(detect(["DEPS_CONTEXT": "Test"], ["/tmp/T.xctest"]).warning == expected)
  }

  @Test func theNoteSaysWhichContextWhyAndHowToRunLive() {
    let detection = DependencyContext.Detection(context: .test, reason: "DEPS_CONTEXT=test is set")
    #expect(
      detection.note == """
        This process runs in the test context: DEPS_CONTEXT=test is set. If that is wrong, set \
        DEPS_CONTEXT=live in its environment to run it live.
        """)
    #expect(
      DependencyContext.Detection(context: .live, reason: "no test runner started it").note
        == "This process runs in the live context: no test runner started it.")
  }

  @Test func depsTestingsReporterIsFoundByNameAndSeesThisTest() {
    #expect(TestReporter.linked != nil)
    #expect(TestReporter.isTestRunning)
  }
}
