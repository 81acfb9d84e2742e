import DepsCore
import Foundation
import Testing

/// Runs `DepsContextProbe`, the executable built next to this test bundle (the test target
/// depends on it), in a process of its own.
enum Probe {
  struct Run {
    var status: Int32
    var output: String
    var errors: String
  }

  /// The probe's path, found next to the test bundle.
  private static func url() -> URL? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<5 {
      let candidate = directory.appendingPathComponent("DepsContextProbe")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    return nil
  }

  /// Runs the probe with `arguments` and `DEPS_CONTEXT` set to `context` (unset for `nil`), in an
  /// environment without what a test runner or CI sets to force a context. A probe still running
  /// after `timeout` seconds (a hang, which a probe runs in a process of its own to catch) is
  /// killed, and the test fails saying so.
  static func run(_ arguments: [String] = [], context: String? = nil, timeout: Int = 60) throws -> Run {
    let probe = try #require(url(), "DepsContextProbe is not built next to the tests")
    let process = Process()
    process.executableURL = probe
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    for name in [
      "DEPS_CONTEXT", "XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestBundleInjectPath",
      "XCTestSessionIdentifier", "BAZEL_TEST", "XCODE_RUNNING_FOR_PREVIEWS",
    ] {
      environment[name] = nil
    }
    environment["DEPS_CONTEXT"] = context
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    enum Watch { case running, exited, killed }
    let watch = Locked(Watch.running)
    let pid = process.processIdentifier
    let watchdog = DispatchWorkItem {
      watch.withLock { state in
        guard state == .running else { return }
        state = .killed
        kill(pid, SIGKILL)
      }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(timeout), execute: watchdog)
    // Read standard error on another thread: a full pipe would block the probe.
    let errorText = Locked("")
    let errorsRead = DispatchSemaphore(value: 0)
    Thread {
      let data = errors.fileHandleForReading.readDataToEndOfFile()
      errorText.withLock { $0 = String(decoding: data, as: UTF8.self) }
      errorsRead.signal()
    }.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    watchdog.cancel()
    let killed = watch.withLock { state in
      defer { state = .exited }
      return state == .killed
    }
    #expect(
      !killed,
      "DepsContextProbe \(arguments.joined(separator: " ")) was still running after \(timeout) s and was killed"
    )
    // The probe has exited, so its standard error is at its end: this wait is short.
    #expect(errorsRead.wait(timeout: .now() + 10) == .success, "the probe's standard error was not read")
    return Run(
      status: process.terminationStatus, output: String(decoding: data, as: UTF8.self),
      errors: errorText.withLock { $0 })
  }
}
