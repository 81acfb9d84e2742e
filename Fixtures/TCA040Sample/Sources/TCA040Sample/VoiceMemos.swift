import ComposableDeps  // was: import ComposableArchitecture
import Foundation

// TCA 0.40's VoiceMemos example, abridged (no audio player and no alerts): an optional child
// feature pulled back after `.optional()`, a `forEach` of rows, a timer on the clock, and
// dependencies whose `unimplemented` values are built with `XCTUnimplemented`.

struct AudioRecorderClient {
  var currentTime: @Sendable () async -> TimeInterval?
  var requestRecordPermission: @Sendable () async -> Bool
  var startRecording: @Sendable (URL) async throws -> Bool
  var stopRecording: @Sendable () async -> Void

  init(
    currentTime: @escaping @Sendable () async -> TimeInterval?,
    requestRecordPermission: @escaping @Sendable () async -> Bool,
    startRecording: @escaping @Sendable (URL) async throws -> Bool,
    stopRecording: @escaping @Sendable () async -> Void
  ) {
    self.currentTime = currentTime
    self.requestRecordPermission = requestRecordPermission
    self.startRecording = startRecording
    self.stopRecording = stopRecording
  }
}

extension AudioRecorderClient {
  static let unimplemented = Self(
    currentTime: XCTUnimplemented("\(Self.self).currentTime", placeholder: nil),
    requestRecordPermission: XCTUnimplemented(
      "\(Self.self).requestRecordPermission", placeholder: false),
    startRecording: XCTUnimplemented("\(Self.self).startRecording", placeholder: false),
    stopRecording: XCTUnimplemented("\(Self.self).stopRecording")
  )
}

struct RecordingMemoState: Equatable {
  var date: Date
  var duration: TimeInterval = 0
  var mode: Mode = .recording
  var url: URL

  init(date: Date, duration: TimeInterval = 0, mode: Mode = .recording, url: URL) {
    self.date = date
    self.duration = duration
    self.mode = mode
    self.url = url
  }

  enum Mode {
    case recording
    case encoding
  }
}

enum RecordingMemoAction: Equatable {
  case audioRecorderDidFinish(TaskResult<Bool>)
  case delegate(DelegateAction)
  case finalRecordingTime(TimeInterval)
  case task
  case timerUpdated
  case stopButtonTapped

  enum DelegateAction: Equatable {
    case didFinish(TaskResult<RecordingMemoState>)
  }
}

struct RecordingMemoFailed: Equatable, Error {}

struct RecordingMemoEnvironment {
  var audioRecorder: AudioRecorderClient
  var clock: any Clock<Duration>  // was: var mainRunLoop: AnySchedulerOf<RunLoop>
}

let recordingMemoReducer = Reducer<
  RecordingMemoState,
  RecordingMemoAction,
  RecordingMemoEnvironment
> { state, action, environment in
  switch action {
  case .audioRecorderDidFinish(.success(true)):
    return .task { [state] in .delegate(.didFinish(.success(state))) }

  case .audioRecorderDidFinish(.success(false)):
    return .task { .delegate(.didFinish(.failure(RecordingMemoFailed()))) }

  case let .audioRecorderDidFinish(.failure(error)):
    return .task { .delegate(.didFinish(.failure(error))) }

  case .delegate:
    return .none

  case let .finalRecordingTime(duration):
    state.duration = duration
    return .none

  case .stopButtonTapped:
    state.mode = .encoding
    return .run { send in
      if let currentTime = await environment.audioRecorder.currentTime() {
        await send(.finalRecordingTime(currentTime))
      }
      await environment.audioRecorder.stopRecording()
    }

  case .task:
    return .run { [url = state.url] send in
      async let startRecording: Void = send(
        .audioRecorderDidFinish(
          TaskResult { try await environment.audioRecorder.startRecording(url) }
        )
      )
      // was: for await _ in environment.mainRunLoop.timer(interval: .seconds(1)) {
      for await _ in environment.clock.timer(interval: .seconds(1)) {
        await send(.timerUpdated)
      }
      await startRecording
    }

  case .timerUpdated:
    state.duration += 1
    return .none
  }
}

struct VoiceMemo: Equatable, Identifiable {
  var date: Date
  var duration: TimeInterval
  var title = ""
  var url: URL

  var id: URL { url }

  init(date: Date, duration: TimeInterval, title: String = "", url: URL) {
    self.date = date
    self.duration = duration
    self.title = title
    self.url = url
  }
}

enum VoiceMemoAction: Equatable {
  case delete
  case titleTextFieldChanged(String)
}

struct VoiceMemoEnvironment {}

let voiceMemoReducer = Reducer<VoiceMemo, VoiceMemoAction, VoiceMemoEnvironment> {
  memo, action, _ in
  switch action {
  case .delete:
    return .none

  case let .titleTextFieldChanged(text):
    memo.title = text
    return .none
  }
}

struct VoiceMemosState: Equatable {
  var audioRecorderPermission = RecorderPermission.undetermined
  var recordingMemo: RecordingMemoState?
  var voiceMemos: IdentifiedArrayOf<VoiceMemo> = []

  init(
    audioRecorderPermission: RecorderPermission = .undetermined,
    recordingMemo: RecordingMemoState? = nil,
    voiceMemos: IdentifiedArrayOf<VoiceMemo> = []
  ) {
    self.audioRecorderPermission = audioRecorderPermission
    self.recordingMemo = recordingMemo
    self.voiceMemos = voiceMemos
  }

  enum RecorderPermission {
    case allowed
    case denied
    case undetermined
  }
}

enum VoiceMemosAction: Equatable {
  case recordButtonTapped
  case recordPermissionResponse(Bool)
  case recordingMemo(RecordingMemoAction)
  case voiceMemo(id: VoiceMemo.ID, action: VoiceMemoAction)
}

struct VoiceMemosEnvironment {
  var audioRecorder: AudioRecorderClient
  var clock: any Clock<Duration>  // was: var mainRunLoop: AnySchedulerOf<RunLoop>
  var date: @Sendable () -> Date  // (was: mainRunLoop.now.date)
  var temporaryDirectory: @Sendable () -> URL
  var uuid: @Sendable () -> UUID

  init(
    audioRecorder: AudioRecorderClient,
    clock: any Clock<Duration>,
    date: @escaping @Sendable () -> Date,
    temporaryDirectory: @escaping @Sendable () -> URL,
    uuid: @escaping @Sendable () -> UUID
  ) {
    self.audioRecorder = audioRecorder
    self.clock = clock
    self.date = date
    self.temporaryDirectory = temporaryDirectory
    self.uuid = uuid
  }
}

let voiceMemosReducer = Reducer<VoiceMemosState, VoiceMemosAction, VoiceMemosEnvironment>.combine(
  recordingMemoReducer
    .optional()
    .pullback(
      state: \.recordingMemo,
      action: /VoiceMemosAction.recordingMemo,
      environment: {
        // was: RecordingMemoEnvironment(audioRecorder: $0.audioRecorder, mainRunLoop: $0.mainRunLoop)
        RecordingMemoEnvironment(audioRecorder: $0.audioRecorder, clock: $0.clock)
      }
    ),
  voiceMemoReducer
    .forEach(
      state: \.voiceMemos,
      action: /VoiceMemosAction.voiceMemo(id:action:),
      environment: { _ in VoiceMemoEnvironment() }
    ),
  Reducer { state, action, environment in
    var newRecordingMemo: RecordingMemoState {
      RecordingMemoState(
        date: environment.date(),  // was: date: environment.mainRunLoop.now.date,
        url: environment.temporaryDirectory()
          .appendingPathComponent(environment.uuid().uuidString)
          .appendingPathExtension("m4a")
      )
    }

    switch action {
    case .recordButtonTapped:
      switch state.audioRecorderPermission {
      case .undetermined:
        return .task {
          await .recordPermissionResponse(environment.audioRecorder.requestRecordPermission())
        }

      case .denied:
        return .none

      case .allowed:
        state.recordingMemo = newRecordingMemo
        return .none
      }

    case let .recordingMemo(.delegate(.didFinish(.success(recordingMemo)))):
      state.recordingMemo = nil
      state.voiceMemos.insert(
        VoiceMemo(date: recordingMemo.date, duration: recordingMemo.duration, url: recordingMemo.url),
        at: 0
      )
      return .none

    case .recordingMemo(.delegate(.didFinish(.failure))):
      state.recordingMemo = nil
      return .none

    case .recordingMemo:
      return .none

    case let .recordPermissionResponse(permission):
      state.audioRecorderPermission = permission ? .allowed : .denied
      if permission {
        state.recordingMemo = newRecordingMemo
      }
      return .none

    case let .voiceMemo(id: id, action: .delete):
      state.voiceMemos[id: id] = nil
      return .none

    case .voiceMemo:
      return .none
    }
  }
)
