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
  private static let seen = ReducerLock<Set<String>>([])

  /// Where warnings go instead of the log while ``recording(_:)`` runs, for this task and the
  /// tasks it creates. Task-local, so tests running in parallel do not see each other's warnings.
  @TaskLocal private static var recorder: ReducerLock<[String]>?

  /// Emits `message` once per process, or records it (every time) while recording.
  package static func warn(_ message: String) {
    if let recorder {
      recorder.withLock { $0.append(message) }
      return
    }
    guard seen.withLock({ $0.insert(message).inserted }) else { return }
    emit(message)
  }

  /// Calls `body` and returns its result with the warnings emitted meanwhile by this task and the
  /// tasks it creates. Recorded warnings are not printed.
  ///
  /// ```swift
  /// let (_, warnings) = ReducerWarnings.recording { _ = reducer.run(&state, action, ()) }
  /// #expect(warnings == ["An action was sent to optional state that is nil. ..."])
  /// ```
  package static func recording<R>(_ body: () throws -> R) rethrows -> (R, [String]) {
    let recorded = ReducerLock<[String]>([])
    let result = try $recorder.withValue(recorded) { try body() }
    return (result, recorded.withLock { $0 })
  }

  /// The async twin of ``recording(_:)``, for warnings emitted by effects and stores.
  package static func recording<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
  ) async rethrows -> (R, [String]) {
    let recorded = ReducerLock<[String]>([])
    let result = try await $recorder.withValue(recorded) { try await body() }
    return (result, recorded.withLock { $0 })
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
