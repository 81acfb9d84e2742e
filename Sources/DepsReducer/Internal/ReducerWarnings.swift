#if canImport(os)
  import os
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where DepsReducer's runtime warnings go.
///
/// DepsReducer does not depend on `DepsCore`, so it keeps its own small warning channel: each
/// distinct message is printed once per process (to stderr, and to the runtime-issues log on Apple
/// platforms). Tests swap in a recorder with ``recording(_:)`` to assert the exact text.
package enum ReducerWarnings {
  private static let state = ReducerLock(State())

  private struct State {
    var seen: Set<String> = []
    var observers: [UInt64: @Sendable (String) -> Void] = [:]
    var nextObserver: UInt64 = 0
  }

  /// Emits `message` once per process; recorders see every occurrence.
  package static func warn(_ message: String) {
    let (isNew, observers) = state.withLock { state -> (Bool, [@Sendable (String) -> Void]) in
      (state.seen.insert(message).inserted, Array(state.observers.values))
    }
    // Observers see repeats too, so a test does not depend on which tests ran before it.
    for observer in observers { observer(message) }
    guard isNew else { return }
    emit(message)
  }

  /// Calls `body` and returns its result with the warnings emitted meanwhile (by any thread).
  ///
  /// ```swift
  /// let (_, warnings) = ReducerWarnings.recording { _ = reducer.run(&state, action, ()) }
  /// #expect(warnings == ["An action was sent to optional state that is nil. ..."])
  /// ```
  package static func recording<R>(_ body: () throws -> R) rethrows -> (R, [String]) {
    let (token, recorded) = startRecording()
    defer { stopRecording(token) }
    let result = try body()
    return (result, recorded.withLock { $0 })
  }

  /// The async twin of ``recording(_:)``, for warnings emitted by effects and stores.
  package static func recording<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
  ) async rethrows -> (R, [String]) {
    let (token, recorded) = startRecording()
    defer { stopRecording(token) }
    let result = try await body()
    return (result, recorded.withLock { $0 })
  }

  private static func startRecording() -> (UInt64, ReducerLock<[String]>) {
    let recorded = ReducerLock<[String]>([])
    let token = state.withLock { state -> UInt64 in
      state.nextObserver += 1
      state.observers[state.nextObserver] = { message in recorded.withLock { $0.append(message) } }
      return state.nextObserver
    }
    return (token, recorded)
  }

  private static func stopRecording(_ token: UInt64) {
    _ = state.withLock { $0.observers.removeValue(forKey: token) }
  }

  private static func emit(_ message: String) {
    #if canImport(os)
      // The runtime-issues subsystem makes Xcode show the warning inline, in purple.
      os_log(
        .fault, dso: #dsohandle,
        log: OSLog(subsystem: "com.apple.runtime-issues", category: "DepsReducer"), "%@", message)
    #endif
    let line = "[DepsReducer] warning: \(message)\n"
    var bytes = Array(line.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
  }
}

/// Reports a misuse of a reducer at run time, once per distinct message.
func reducerWarning(_ message: String) {
  ReducerWarnings.warn(message)
}
