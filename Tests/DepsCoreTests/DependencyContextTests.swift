import Testing

@testable import DepsCore

@Suite struct DependencyContextTests {
  private func detect(
    _ environment: [String: String] = [:], _ arguments: [String] = ["/usr/bin/app"], loaded: Bool = false
  ) -> DependencyContext.Detection {
    DependencyContext.detect(environment: environment, arguments: arguments, isTestRunning: loaded)
  }

  @Test func thisProcessIsATest() {
    #expect(DependencyContext.current == .test)
  }

  @Test func anAppIsLive() {
    #expect(detect() == .init(context: .live, warning: nil))
  }

  @Test(arguments: [
    "XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestBundleInjectPath", "XCTestSessionIdentifier",
    "BAZEL_TEST",
  ])
  func testRunnerEnvironmentMeansTest(variable: String) {
    #expect(detect([variable: "/tmp/x"]) == .init(context: .test, warning: nil))
  }

  @Test(arguments: [
    ["/work/.build/debug/swift-composable-depsPackageTests.xctest"],
    ["/work/.build/debug/PackageTests.xctest/", "--filter", "X"],
    ["/Applications/Xcode.app/Contents/Developer/usr/bin/xctest", "/tmp/Tests.xctest"],
    ["/work/.build/debug/Tests", "--testing-library", "swift-testing"],
    ["/usr/bin/swiftpm-testing-helper", "--test-bundle-path", "/tmp/T"],
  ])
  func testRunnerArgumentsMeanTest(arguments: [String]) {
    #expect(detect([:], arguments) == .init(context: .test, warning: nil))
  }

  @Test func argumentsThatMerelyMentionXCTestAreLive() {
    #expect(detect([:], ["/usr/bin/app", "--name", "xctests", "notes.xctest.txt"]).context == .live)
  }

  @Test func aLoadedTestFrameworkMeansTest() {
    #expect(detect(loaded: true) == .init(context: .test, warning: nil))
  }

  @Test func theEnvironmentVariableForcesTheContext() {
    #expect(detect(["DEPS_CONTEXT": "live"], ["/tmp/T.xctest"], loaded: true).context == .live)
    #expect(detect(["DEPS_CONTEXT": "test"]).context == .test)
  }

  @Test func aBadEnvironmentValueWarnsAndFallsBackToDetection() {
    let expected = """
      DEPS_CONTEXT has the unknown value "Test".

      The context is detected from the process instead: only "live" and "test" are allowed. \
      To fix: set DEPS_CONTEXT=live or DEPS_CONTEXT=test, or unset it.
      """
    #expect(detect(["DEPS_CONTEXT": "Test"]) == .init(context: .live, warning: expected))
    #expect(detect(["DEPS_CONTEXT": "Test"], loaded: true) == .init(context: .test, warning: expected))
  }

  @Test func depsTestingsReporterIsFoundByNameAndSeesThisTest() {
    #expect(TestReporter.linked != nil)
    #expect(TestReporter.isTestRunning)
  }
}
