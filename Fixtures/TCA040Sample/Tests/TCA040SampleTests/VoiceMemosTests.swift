import ComposableDeps  // was: import ComposableArchitecture
import DepsTesting  // (TCA's TestStore came with ComposableArchitecture)
import Foundation
import XCTest

@testable import TCA040Sample

@MainActor
final class VoiceMemosTests: XCTestCase {
  let clock = TestClock()  // was: let mainRunLoop = RunLoop.test

  func testRecordMemoHappyPath() async throws {
    let didFinish = AsyncThrowingStream<Bool, Error>.streamWithContinuation()

    var environment = VoiceMemosEnvironment(
      audioRecorder: .unimplemented,
      clock: clock,
      date: { Date(timeIntervalSince1970: 0) },
      temporaryDirectory: { URL(fileURLWithPath: "/tmp") },
      uuid: { UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")! }
    )
    environment.audioRecorder.currentTime = { 2.5 }
    environment.audioRecorder.requestRecordPermission = { true }
    environment.audioRecorder.startRecording = { _ in
      try await didFinish.stream.first(where: { _ in true })!
    }
    environment.audioRecorder.stopRecording = {
      didFinish.continuation.yield(true)
      didFinish.continuation.finish()
    }

    let store = TestStore(
      initialState: VoiceMemosState(),
      reducer: voiceMemosReducer,
      environment: environment
    )

    await store.send(.recordButtonTapped)
    await store.receive(.recordPermissionResponse(true)) {
      $0.audioRecorderPermission = .allowed
      $0.recordingMemo = RecordingMemoState(
        date: Date(timeIntervalSince1970: 0),
        url: URL(fileURLWithPath: "/tmp/DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF.m4a")
      )
    }
    let recordingMemoTask = await store.send(.recordingMemo(.task))
    await clock.advance(by: .seconds(1))  // was: await mainRunLoop.advance(by: 1)
    await store.receive(.recordingMemo(.timerUpdated)) {
      try (/Optional.some).modify(&$0.recordingMemo) {
        $0.duration = 1
      }
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.recordingMemo(.timerUpdated)) {
      $0.recordingMemo?.duration = 2
    }
    await store.send(.recordingMemo(.stopButtonTapped)) {
      $0.recordingMemo?.mode = .encoding
    }
    await store.receive(.recordingMemo(.finalRecordingTime(2.5))) {
      $0.recordingMemo?.duration = 2.5
    }
    await store.receive(.recordingMemo(.audioRecorderDidFinish(.success(true))))
    let recordingMemo = try XCTUnwrap(store.state.recordingMemo)
    await store.receive(.recordingMemo(.delegate(.didFinish(.success(recordingMemo))))) {
      $0.recordingMemo = nil
      $0.voiceMemos = [
        VoiceMemo(
          date: Date(timeIntervalSince1970: 0),
          duration: 2.5,
          url: URL(fileURLWithPath: "/tmp/DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF.m4a")
        )
      ]
    }
    await recordingMemoTask.cancel()
  }

  func testDeleteMemo() async {
    let memo = VoiceMemo(
      date: Date(timeIntervalSince1970: 0), duration: 5,
      url: URL(fileURLWithPath: "/tmp/memo.m4a"))
    let store = TestStore(
      initialState: VoiceMemosState(voiceMemos: [memo]),
      reducer: voiceMemosReducer,
      environment: VoiceMemosEnvironment(
        audioRecorder: .unimplemented,
        clock: clock,
        date: { Date(timeIntervalSince1970: 0) },
        temporaryDirectory: { URL(fileURLWithPath: "/tmp") },
        uuid: { UUID() }
      )
    )

    await store.send(.voiceMemo(id: memo.id, action: .titleTextFieldChanged("Groceries"))) {
      $0.voiceMemos[id: memo.id]?.title = "Groceries"
    }
    await store.send(.voiceMemo(id: memo.id, action: .delete)) {
      $0.voiceMemos = []
    }
  }
}
