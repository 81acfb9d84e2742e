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
    // No Swift Testing test runs on this task: an XCTest test, whose failures XCTest takes from any
    // thread, or a Swift Testing test whose code left its task (a `Thread`, a `DispatchQueue` job,
    // `Task.detached`). XCTest drops a failure when none of its tests runs, and Swift Testing drops
    // an issue when none of its runs is under way, so each framework gets it and the one running
    // keeps it: Swift Testing records it as an issue of no test, which fails the run, rather than
    // let the test pass having read a live value or called an unimplemented endpoint.
    //
    // Where a test framework installed Swift Testing's fallback event handler (XCTest's
    // interoperability with Swift Testing), an issue recorded outside any Swift Testing run goes
    // to that framework already: `XCTFail` too would fail an XCTest test twice.
    if !SwiftTestingInterop.hasFallbackEventHandler {
      XCTFail(message, file: filePath, line: line)
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
