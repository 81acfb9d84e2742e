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
  private static let seen = Locked<Set<String>>([])

  /// Collects the warnings of a `recording` call; task-local, so tests running in parallel each
  /// see only their own warnings.
  @TaskLocal private static var recorder: Locked<[String]>?

  /// Emits `message` once per process: the same misuse at the same site is reported once, not once per read.
  package static func warn(_ message: String) {
    // A recording sees every warning, repeated or not, so tests do not depend on what ran before them.
    recorder?.withLock { $0.append(message) }
    guard seen.withLock({ $0.insert(message).inserted }) else { return }
    emit(message)
  }

  /// Calls `body` and returns the warnings it emitted on its task (and child tasks) with its result.
  package static func recording<R>(_ body: () throws -> R) rethrows -> (R, [String]) {
    let recorded = Locked<[String]>([])
    let result = try $recorder.withValue(recorded, operation: body)
    return (result, recorded.withLock { $0 })
  }

  /// The async twin of ``recording(_:)``.
  package static func recording<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
  ) async rethrows -> (R, [String]) {
    let recorded = Locked<[String]>([])
    let result = try await $recorder.withValue(recorded, operation: body, isolation: isolation)
    return (result, recorded.withLock { $0 })
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

/// Reports misuse of the library: once per distinct message, to stderr on Linux and to the
/// runtime-issues log on Apple platforms.
package func runtimeWarn(_ message: String) {
  RuntimeWarnings.warn(message)
}
