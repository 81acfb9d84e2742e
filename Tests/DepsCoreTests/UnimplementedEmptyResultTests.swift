import DepsCore
import Testing

// Endpoints with an obvious empty result need no placeholder, as with XCTestDynamicOverlay, which
// TCA 0.40 re-exported; and its name, XCTUnimplemented, builds the same endpoints.

/// A client as TCA 0.40's VoiceMemos declares one: its unimplemented value is a static member
/// named `unimplemented`, inside which the bare `unimplemented(…)` would name the member itself.
private struct AudioRecorder: Sendable {
  var currentTime: @Sendable () async -> Double?
  var startRecording: @Sendable (String) async throws -> Bool
  var stopRecording: @Sendable () async -> Void
  var levels: @Sendable () -> AsyncStream<Double>
  var transcripts: @Sendable () -> AsyncThrowingStream<String, any Error>
}

extension AudioRecorder {
  static let unimplemented = Self(
    currentTime: XCTUnimplemented("AudioRecorder.currentTime", placeholder: nil),
    startRecording: XCTUnimplemented("AudioRecorder.startRecording"),
    stopRecording: XCTUnimplemented("AudioRecorder.stopRecording"),
    levels: XCTUnimplemented("AudioRecorder.levels"),
    transcripts: XCTUnimplemented("AudioRecorder.transcripts")
  )
}

/// Whether `issue` is the failure of a call to the endpoint `name`.
private func isCall(of name: String, _ issue: Issue) -> Bool {
  issue.description.contains("Unimplemented: \(name) was called.")
}

@Suite struct UnimplementedEmptyResultTests {
  @Test func aVoidEndpointFailsTheTestAndReturns() async {
    let stop: @Sendable () async -> Void = unimplemented("AudioRecorder.stopRecording")
    let track: @Sendable (String, Int) -> Void = unimplemented("Analytics.track")
    await withKnownIssue {
      await stop()
      track("event", 1)
    } matching: { issue in
      isCall(of: "AudioRecorder.stopRecording", issue) || isCall(of: "Analytics.track", issue)
    }
  }

  @Test func aStreamEndpointFailsTheTestAndReturnsAFinishedStream() async {
    let levels: @Sendable (Int) -> AsyncStream<Double> = unimplemented("AudioRecorder.levels")
    await withKnownIssue {
      var received: [Double] = []
      for await level in levels(1) { received.append(level) }
      #expect(received.isEmpty)
    } matching: {
      isCall(of: "AudioRecorder.levels", $0)
    }
  }

  @Test func aThrowingStreamEndpointReturnsAStreamFinishedWithoutError() async throws {
    let words: @Sendable () async -> AsyncThrowingStream<String, any Error> = unimplemented(
      "Speech.words")
    try await withKnownIssue {
      var received: [String] = []
      for try await word in await words() { received.append(word) }
      #expect(received.isEmpty)
    } matching: {
      isCall(of: "Speech.words", $0)
    }
  }

  @Test func aThrowingEndpointStillThrows() async {
    // A throwing shape keeps the form that throws, though the Void and stream forms also fit it.
    let save: @Sendable () async throws -> Void = unimplemented("Store.save")
    let stream: @Sendable () throws -> AsyncStream<Int> = unimplemented("Store.stream")
    await withKnownIssue {
      await #expect(throws: UnimplementedFailure(endpoint: "Store.save")) { try await save() }
      #expect(throws: UnimplementedFailure(endpoint: "Store.stream")) { try stream() }
    } matching: {
      isCall(of: "Store.save", $0) || isCall(of: "Store.stream", $0)
    }
  }

  @Test func xctUnimplementedBuildsTheSameEndpoints() async {
    let client = AudioRecorder.unimplemented
    await withKnownIssue {
      #expect(await client.currentTime() == nil)
      await #expect(throws: UnimplementedFailure(endpoint: "AudioRecorder.startRecording")) {
        try await client.startRecording("memo.m4a")
      }
      await client.stopRecording()
      for await _ in client.levels() { Issue.record("AudioRecorder.levels yielded") }
      do {
        for try await _ in client.transcripts() { Issue.record("AudioRecorder.transcripts yielded") }
      } catch {
        Issue.record("AudioRecorder.transcripts threw \(error)")
      }
    } matching: { issue in
      ["currentTime", "startRecording", "stopRecording", "levels", "transcripts"]
        .contains { isCall(of: "AudioRecorder.\($0)", issue) }
    }
  }

  @Test func theIssueIsAtTheCallToXCTUnimplemented() {
    let line: UInt = #line + 1
    let endpoint: @Sendable () -> Void = XCTUnimplemented("Clock.tick")
    withKnownIssue {
      endpoint()
    } matching: { issue in
      issue.sourceLocation?.fileID == #fileID && issue.sourceLocation?.line == Int(line)
    }
  }
}
