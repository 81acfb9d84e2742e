#if canImport(os)
  import os
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif !canImport(os)
  // Apple platforms log through `os`; elsewhere warnings are written to stderr.
  #error("Deps supports Apple platforms and Linux: this platform has neither os, Glibc nor Musl.")
#endif

/// Where runtime warnings go. Tests of the library swap in a recorder to assert exact text.
package enum RuntimeWarnings {
  private static let state = Locked(State())

  private struct State {
    /// The call sites (and kinds) already logged; keys never embed values (actions), so it is bounded.
    var seen: Set<String> = []
    /// The keys of `seen` whose warning was printed: neither recorded nor a test failure.
    var printed: Set<String> = []
  }

  private final class Recorder: Sendable {
    let messages = Locked<[String]>([])
    let outer: Recorder?

    init(outer: Recorder?) { self.outer = outer }
  }

  /// The recordings in force for this task and its children: task-local, so parallel tests see only
  /// their own warnings.
  @TaskLocal private static var recorder: Recorder?

  /// Reports `message`: to the recordings in force; else, while a test runs, as its failure; else to
  /// the log, once per call site and `kind` (never a value that varies without bound). A recorded or
  /// test-failing warning is not also logged. `failsTest` is `false` only for a failure turned into
  /// a warning (`Dependencies.missingTestValue`).
  static func warn(
    _ message: String, kind: String, fileID: StaticString, filePath: StaticString, line: UInt,
    column: UInt, failsTest: Bool = true
  ) {
    // Recordings see every warning, repeated or not, so tests do not depend on what ran before them.
    var recording = recorder
    let isRecorded = recording != nil
    while let current = recording {
      current.messages.withLock { $0.append(message) }
      recording = current.outer
    }
    // In a test process a warning fails the running test every time, even when an earlier test hit
    // the same site; a recorded one is asserted by its test instead.
    var isReported = isRecorded
    if failsTest, !isRecorded, DependencyContext.current == .test {
      isReported = TestFailures.failRunningTest(
        message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    // The site counts as seen either way, so the log stays once per site and kind.
    let key = "\(fileID):\(line):\(column):\(kind)"
    let isNew = state.withLock { $0.seen.insert(key).inserted }
    guard isNew, !isReported else { return }
    state.withLock { _ = $0.printed.insert(key) }
    emit(message)
  }

  static var reportedSiteCount: Int { state.withLock { $0.seen.count } }

  /// `fileID:line:column:kind` of each site logged; tests check a site logs a bounded number.
  package static var loggedKeys: Set<String> { state.withLock { $0.seen } }

  /// The sites whose warning was printed (of ``loggedKeys``): a warning a test expects is not.
  static var printedKeys: Set<String> { state.withLock { $0.printed } }

  /// Logs `message` once per process, without failing a test; for the failure path's own fallback.
  package static func log(_ message: String) {
    emit(message)
  }

  /// Calls `body` and returns the warnings it emitted, on its task or thread and in its child tasks
  /// (the recording is task-local), with its result.
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

/// Reports misuse of the library: in a test process, as a failure of the running test; and to
/// stderr on Linux or the runtime-issues log on Apple platforms, once per call site and `kind`.
/// Library tests that assert a warning wrap the code in ``RuntimeWarnings/recording(_:)``.
package func runtimeWarn(
  _ message: String,
  kind: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  failsTest: Bool = true
) {
  RuntimeWarnings.warn(
    message, kind: kind, fileID: fileID, filePath: filePath, line: line, column: column,
    failsTest: failsTest)
}
