import DepsCore
import Foundation

/// What a test process that a test started printed, and how it ended.
package struct ChildTestRun: Sendable {
  package var status: Int32
  /// Whether a signal ended it (a crash), not its own exit.
  package var signalled = false
  package var output: String
}

/// Runs the Swift Testing tests of this test bundle that `filter` names in a test process of their
/// own, with `variable` set to "1" in its environment (the tests it runs are enabled only there),
/// and returns how it ended and what it printed; `nil` when it did not end within `timeout` (it is
/// then terminated).
///
/// For tests that must not share a process: one whose issues belong to no test (they fail the
/// run), or one that blocks the main thread (other tests' waits would take its pool threads).
/// The wait suspends; it blocks no thread of the pool. Linux only: on Apple platforms `xctest`
/// runs the bundle, not the bundle itself.
package func runChildTestProcess(
  filter: String, variable: String, timeout: Duration = .seconds(120)
) async throws -> ChildTestRun? {
  try await runChildTestProcess(
    arguments: ["--testing-library", "swift-testing", "--filter", filter], variable: variable,
    timeout: timeout)
}

/// ``runChildTestProcess(filter:variable:timeout:)`` with the bundle's own `arguments`: an XCTest
/// class (`["Module.Class"]`) runs under XCTest.
package func runChildTestProcess(
  arguments: [String], variable: String, timeout: Duration = .seconds(120)
) async throws -> ChildTestRun? {
  let output = FileManager.default.temporaryDirectory
    .appendingPathComponent("deps-child-\(UUID().uuidString).log")
  try Data().write(to: output)
  defer { try? FileManager.default.removeItem(at: output) }
  let handle = try FileHandle(forWritingTo: output)
  defer { try? handle.close() }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  process.arguments = arguments
  var environment = ProcessInfo.processInfo.environment
  environment[variable] = "1"
  process.environment = environment
  process.standardOutput = handle
  process.standardError = handle
  let timedOut = Locked(false)
  let (status, reason) = try await withCheckedThrowingContinuation {
    (continuation: CheckedContinuation<(Int32, Process.TerminationReason), any Error>) in
    process.terminationHandler = { process in
      continuation.resume(returning: (process.terminationStatus, process.terminationReason))
    }
    do {
      try process.run()
    } catch {
      continuation.resume(throwing: error)
      return
    }
    Task.detached {
      try? await Task.sleep(for: timeout)
      guard process.isRunning else { return }
      timedOut.withLock { $0 = true }
      process.terminate()
    }
  }
  guard !timedOut.withLock({ $0 }) else { return nil }
  return ChildTestRun(
    status: status, signalled: reason == .uncaughtSignal,
    output: String(decoding: try Data(contentsOf: output), as: UTF8.self))
}
