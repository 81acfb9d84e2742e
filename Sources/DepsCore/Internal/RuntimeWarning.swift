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
    var seen: Set<String> = []
    var observers: [UInt64: @Sendable (String) -> Void] = [:]
    var nextObserver: UInt64 = 0
  }

  /// Emits `message` once per process: the same misuse at the same site is reported once, not once per read.
  package static func warn(_ message: String) {
    let (isNew, observers) = state.withLock { state -> (Bool, [@Sendable (String) -> Void]) in
      let isNew = state.seen.insert(message).inserted
      return (isNew, Array(state.observers.values))
    }
    // Observers see every warning, repeated or not, so tests do not depend on what ran before them.
    for observer in observers { observer(message) }
    guard isNew else { return }
    emit(message)
  }

  /// Calls `body` and returns the warnings emitted meanwhile (by any thread) together with its result.
  package static func recording<R>(_ body: () throws -> R) rethrows -> (R, [String]) {
    let recorded = Locked<[String]>([])
    let token = state.withLock { state -> UInt64 in
      state.nextObserver += 1
      state.observers[state.nextObserver] = { message in recorded.withLock { $0.append(message) } }
      return state.nextObserver
    }
    defer { _ = state.withLock { $0.observers.removeValue(forKey: token) } }
    let result = try body()
    return (result, recorded.withLock { $0 })
  }

  /// The async twin of ``recording(_:)``.
  package static func recording<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
  ) async rethrows -> (R, [String]) {
    let recorded = Locked<[String]>([])
    let token = state.withLock { state -> UInt64 in
      state.nextObserver += 1
      state.observers[state.nextObserver] = { message in recorded.withLock { $0.append(message) } }
      return state.nextObserver
    }
    defer { _ = state.withLock { $0.observers.removeValue(forKey: token) } }
    let result = try await body()
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
