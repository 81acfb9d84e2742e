import DepsCore
import Testing
import XCTest

/// The library's one link to XCTest and Swift Testing: every failure the library reports in a
/// test process (`TestStore`, `unimplemented`, built-in dependencies' test values, misuse)
/// arrives here. `DepsCore` finds this type at run time by its name (`TestReporter.typeName`).
package enum TestFrameworkReporter: TestFrameworkReporting {
  /// Whether a Swift Testing test runs on the current task. XCTest has no such question; its
  /// processes are told by their arguments and environment (see `DependencyContext`).
  package static var isTestRunning: Bool { Test.current != nil }

  package static func recordIssue(
    _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let location = SourceLocation(
      fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    guard Test.current == nil else {
      Issue.record(Comment(rawValue: message), sourceLocation: location)
      return
    }
    // No Swift Testing test runs on this task: an XCTest test, or a Swift Testing test whose code left
    // its task. Each framework drops a failure when none of its runs is under way, so both get it and
    // the running one keeps it (Swift Testing records an issue of no test, which fails the run). Where
    // XCTest installed Swift Testing's fallback event handler, the issue reaches XCTest already:
    // `XCTFail` too would fail the test twice.
    // Between two XCTest tests (an ended test's values shut down after it) XCTest takes no
    // failure: it would stop the process. The issue below still reports it.
    if !SwiftTestingInterop.hasFallbackEventHandler {
      if XCTestRuns.isTestRunning || !XCTestRuns.isObserving {
        XCTFail(message, file: filePath, line: line)
      } else {
        RuntimeWarnings.log(message)
      }
    }
    Issue.record(Comment(rawValue: message), sourceLocation: location)
  }
}

/// Swift Testing's interoperability with other test frameworks (Swift 6.3): a framework such as
/// XCTest can install a fallback event handler, to which Swift Testing sends the issues recorded
/// while none of its runs is under way.
enum SwiftTestingInterop {
  /// The C entry point that returns the installed fallback event handler, or `NULL`.
  private typealias GetFallbackEventHandler = @convention(c) () -> UnsafeRawPointer?

  /// Whether a fallback event handler is installed. `false` where the toolchain has no such entry
  /// point (before Swift 6.3) or nothing installed a handler (XCTest on Linux, in Swift 6.3).
  static var hasFallbackEventHandler: Bool {
    guard let address = getFallbackEventHandlerAddress.flatMap(UnsafeRawPointer.init(bitPattern:))
    else { return false }
    let getHandler = unsafeBitCast(address, to: GetFallbackEventHandler.self)
    return getHandler() != nil
  }

  /// The address of `_swift_testing_getFallbackEventHandler`, looked up once by its C name, since
  /// the module that declares it (`_TestingInterop`) is not public.
  static let getFallbackEventHandlerAddress = LoadedSymbol.address(
    of: "_swift_testing_getFallbackEventHandler")
}

extension TestFrameworkReporter {
  package static func currentTest() -> RunningTest? {
    if let test = Test.current {
      return RunningTest(
        id: SwiftTestingCase(test: test.id, case: Test.Case.current.flatMap(SwiftTestingCase.key)),
        name: test.name)
    }
    return XCTestRuns.current()
  }
}

/// A Swift Testing test case: its test and, for a case of a parameterized test, what tells it from
/// the test's other cases.
struct SwiftTestingCase: Hashable, Sendable {
  var test: Test.ID
  var `case`: String?

  /// What tells `testCase` from its test's other cases (arguments' identities and discriminator);
  /// `nil` for a test without arguments. `Test.Case` exposes no identity (Swift 6.3), so this reads
  /// its `_kind` by reflection; should that change, cases share their test's values, as repetitions do.
  static func key(_ testCase: Test.Case) -> String? {
    guard testCase.isParameterized else { return nil }
    guard
      let kind = Mirror(reflecting: testCase).children.first(where: { $0.label == "_kind" })?.value,
      let payload = Mirror(reflecting: kind).children.first?.value
    else { return nil }
    var key = ""
    for field in Mirror(reflecting: payload).children {
      switch field.label {
      case "arguments":
        for argument in Mirror(reflecting: field.value).children {
          let id = Mirror(reflecting: argument.value).children.first { $0.label == "id" }?.value
          key += String(describing: id ?? argument.value) + ";"
        }
      case "discriminator":
        key += "#\(field.value)"
      default:
        break
      }
    }
    return key
  }
}

/// XCTest's running test, as its observation tells it: XCTest runs one test at a time in a
/// process, on one thread, and tells each one's start and end.
///
/// The observer is registered on the first question, during a test (a read in it): that test's
/// start was not seen, so it is known from then until the first end told. Every later test gets
/// a teardown block at its start, which shuts its values down while it still runs (on its task:
/// a shutdown may hop to the main actor, and a failure is the test's).
enum XCTestRuns {
  private struct State {
    var observer: Observer?
    var current: RunningTest?
    /// Whether the current test's teardown shut its values down.
    var wasShutDown = false
    var serial = 0
  }

  private static let state = Locked(State())

  /// The XCTest test running in this process, if any: `nil` in a process that runs Swift
  /// Testing's tests (which tells its own, per task).
  static func current() -> RunningTest? {
    guard !runsSwiftTesting else { return nil }
    let (current, register) = state.withLock { state -> (RunningTest?, Observer?) in
      guard state.observer == nil else { return (state.current, nil) }
      let observer = Observer()
      state.observer = observer
      state.serial += 1
      state.current = RunningTest(id: state.serial, name: "the XCTest test running")
      return (state.current, observer)
    }
    if let register { XCTestObservationCenter.shared.addTestObserver(register) }
    return current
  }

  /// Whether this process runs Swift Testing's tests: started with `--testing-library
  /// swift-testing` (as `swift test` starts it).
  private static let runsSwiftTesting: Bool = {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: "--testing-library"), index + 1 < arguments.count else {
      return false
    }
    return arguments[index + 1] == "swift-testing"
  }()

  /// Whether the observer is registered: before, no test's end was seen, and whether a test runs
  /// is not known.
  static var isObserving: Bool { state.withLock { $0.observer != nil } }

  /// Whether an XCTest test runs now: XCTest takes a failure only then (one recorded after a
  /// test ended stops the process).
  static var isTestRunning: Bool { state.withLock { $0.current != nil } }

  fileprivate static func started(_ testCase: XCTestCase) {
    let test = state.withLock { state in
      state.serial += 1
      state.wasShutDown = false
      state.current = RunningTest(id: state.serial, name: testCase.name)
      return state.current!
    }
    testCase.addTeardownBlock { @Sendable () async -> Void in
      await RunningTests.ending(test)
      state.withLock { $0.wasShutDown = true }
    }
  }

  fileprivate static func finished() {
    // No test runs from now on: a failure of the shutdown below is logged, not given to XCTest,
    // which takes none after a test ended.
    let (ended, wasShutDown) = state.withLock { state in
      defer { state.current = nil }
      return (state.current, state.wasShutDown)
    }
    guard let ended else { return }
    if !wasShutDown {
      // The first test, whose start was not seen, had no teardown block: its values are shut
      // down now, with the run loop of XCTest's thread turning, so that a shutdown may hop to the
      // main actor.
      let done = LockIsolated(false)
      Task { @Sendable in
        await RunningTests.ending(ended)
        done.setValue(true)
      }
      while !done.value { _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01)) }
    }
    RunningTests.ended(ended)
  }

  private final class Observer: NSObject, XCTestObservation, @unchecked Sendable {
    // @unchecked: no state; XCTest calls it on the thread that runs the tests.
    func testCaseWillStart(_ testCase: XCTestCase) { XCTestRuns.started(testCase) }
    func testCaseDidFinish(_ testCase: XCTestCase) { XCTestRuns.finished() }
  }
}
