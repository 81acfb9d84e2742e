import Testing

@testable import DepsCore

@Suite struct UnimplementedTests {
  static let fetchMessage = """
    Unimplemented: NumberFact.fetch was called.

    An endpoint built with unimplemented(_:) stands for code that must not run: a test that \
    reaches it must override the dependency it belongs to. To fix: give the test an \
    implementation, e.g. env.with(\\.yourDependency, mock) or \
    withDependencies { $0.yourDependency = mock } operation: { ... }.
    """

  @Test func aCallFailsTheTestAndReturnsThePlaceholder() {
    let fetch: @Sendable (Int) -> String = unimplemented("NumberFact.fetch", placeholder: "placeholder")
    withKnownIssue {
      #expect(fetch(42) == "placeholder")
    } matching: { issue in
      issue.description.contains(Self.fetchMessage)
    }
  }

  @Test func anAsyncCallFailsTheTestAndReturnsThePlaceholder() async {
    let fetch: @Sendable (Int, Int) async -> [Int] = unimplemented("NumberFact.fetch", placeholder: [7])
    await withKnownIssue {
      #expect(await fetch(1, 2) == [7])
    } matching: { issue in
      issue.description.contains(Self.fetchMessage)
    }
  }

  @Test func aThrowingCallFailsTheTestAndThrows() async {
    let fetch: @Sendable (Int) async throws -> String = unimplemented("NumberFact.fetch")
    await withKnownIssue {
      await #expect(throws: UnimplementedFailure(endpoint: "NumberFact.fetch")) { try await fetch(1) }
    } matching: { issue in
      issue.description.contains(Self.fetchMessage)
    }
  }

  @Test func theIssueIsAtTheCallToUnimplemented() {
    let line: UInt = #line + 1
    let endpoint: @Sendable () -> Int = unimplemented("Clock.now", placeholder: 0)
    withKnownIssue {
      _ = endpoint()
    } matching: { issue in
      issue.sourceLocation?.fileID == #fileID && issue.sourceLocation?.line == Int(line)
    }
  }

  @Test func anEndpointWithoutDescriptionIsNamedByItsSite() {
    let line = #line + 1
    let endpoint: @Sendable () throws -> Int = unimplemented()
    withKnownIssue {
      #expect(throws: UnimplementedFailure(endpoint: "")) { try endpoint() }
    } matching: { issue in
      issue.description.contains(
        "Unimplemented: The endpoint built at DepsCoreTests/UnimplementedTests.swift:\(line) was called.")
    }
  }

  @Test func outsideTestsItWarnsAndReturnsThePlaceholder() {
    let call = UnimplementedCall(
      "NumberFact.fetch", fileID: #fileID, filePath: #filePath, line: 1, column: 1)
    let live = DependencyContext.Detection(context: .live, reason: "no test runner started it")
    let preview = DependencyContext.Detection(
      context: .preview, reason: "XCODE_RUNNING_FOR_PREVIEWS=1 is set")
    let (_, warnings) = RuntimeWarnings.recording {
      call.report(threw: false, detection: live)
      call.report(threw: true, detection: live)
      call.report(threw: false, detection: preview)
    }
    #expect(
      warnings == [
        Self.fetchMessage
          + "\n\nOutside tests it returned its placeholder. This process runs in the live context: no test runner started it.",
        Self.fetchMessage
          + "\n\nOutside tests it threw UnimplementedFailure. This process runs in the live context: no test runner started it.",
        Self.fetchMessage
          + "\n\nOutside tests it returned its placeholder. This process runs in the preview context: "
          + "XCODE_RUNNING_FOR_PREVIEWS=1 is set. If that is wrong, set DEPS_CONTEXT=live in its environment to run it live.",
      ])
  }

  @Test func theFailureNamesTheEndpoint() {
    #expect(
      UnimplementedFailure(endpoint: "NumberFact.fetch").description == "Unimplemented: NumberFact.fetch")
    #expect(UnimplementedFailure(endpoint: "").description == "Unimplemented endpoint")
  }
}
