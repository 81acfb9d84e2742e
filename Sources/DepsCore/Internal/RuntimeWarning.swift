#if canImport(os)
  import os
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where runtime warnings go. Tests of the library swap in a recorder to assert exact text.
package enum RuntimeWarnings {
  private static let state = Locked(State())

  private struct State {
    /// The sites already reported: a call site in the library and a kind, never a text that
    /// embeds values, so the set stays as small as the number of distinct misuses in the code.
    var seen: Set<String> = []
  }

  /// Collects the warnings of one ``recording(_:)`` call.
  private final class Recorder: Sendable {
    let messages = Locked<[String]>([])
    let outer: Recorder?

    init(outer: Recorder?) { self.outer = outer }
  }

  /// The recordings in force for the current task and its child tasks. Task-local rather than
  /// process-wide, so tests that run in parallel each see only their own warnings.
  @TaskLocal private static var recorder: Recorder?

  /// Emits `message` once per `site` per process: the same misuse at the same site is reported
  /// once, not once per read.
  package static func warn(_ message: String, site: String) {
    let isNew = state.withLock { $0.seen.insert(site).inserted }
    // Recordings see every warning, repeated or not, so tests do not depend on what ran before them.
    var recording = recorder
    while let current = recording {
      current.messages.withLock { $0.append(message) }
      recording = current.outer
    }
    guard isNew else { return }
    emit(message)
  }

  /// How many distinct sites have warned so far in this process.
  package static var reportedSiteCount: Int { state.withLock { $0.seen.count } }

  /// Calls `body` and returns the warnings it emitted together with its result.
  ///
  /// Records warnings emitted by `body`, on its task or thread, and by the child tasks it starts
  /// (the recording is task-local): warnings of other tests running in parallel are not recorded.
  package static func recording<R>(_ body: () throws -> R) rethrows -> (R, [String]) {
    let recorder = Recorder(outer: Self.recorder)
    let result = try $recorder.withValue(recorder, operation: body)
    return (result, recorder.messages.withLock { $0 })
  }

  /// The async twin of ``recording(_:)``.
  package static func recording<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
  ) async rethrows -> (R, [String]) {
    let recorder = Recorder(outer: Self.recorder)
    let result = try await $recorder.withValue(recorder, operation: body, isolation: isolation)
    return (result, recorder.messages.withLock { $0 })
  }

  private static func emit(_ message: String) {
    #if canImport(os)
      // The runtime-issues subsystem makes Xcode show the warning inline, in purple.
      os_log(
        .fault, dso: #dsohandle, log: OSLog(subsystem: "com.apple.runtime-issues", category: "Deps"),
        "%@", message)
    #else
      var line = "[Deps] warning: \(message)\n"
      line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    #endif
  }
}

/// Reports misuse of the library, to stderr on Linux and to the runtime-issues log on Apple
/// platforms: once per call site and kind.
///
/// - Parameters:
///   - message: The warning.
///   - kind: What makes two warnings of one call site different misuses (key types, a reducer's
///     type), without values that vary from call to call (actions, states). `nil` uses the
///     message, for messages that name only types and key paths.
///   - fileID: The call site in the library.
///   - line: The call site in the library.
package func runtimeWarn(
  _ message: String, kind: String? = nil, fileID: StaticString = #fileID, line: UInt = #line
) {
  RuntimeWarnings.warn(message, site: "\(fileID):\(line) \(kind ?? message)")
}
