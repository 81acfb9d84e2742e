/// Calls XCTest, found at run time, so that the library fails XCTest tests without linking the
/// framework.
package enum XCTestBridge {
  /// `XCTest.XCTFail(_: Swift.String, file: Swift.StaticString, line: Swift.UInt) -> ()`, the
  /// same mangled name in swift-corelibs-xctest (Linux, Windows) and Apple's XCTest overlay.
  package static let xctFailSymbol = "$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF"

  private struct Functions: @unchecked Sendable {
    // @unchecked: a raw pointer to code of a loaded library, never written.
    let xctFail: UnsafeMutableRawPointer
  }

  private static let functions: Functions? = RuntimeSymbol.address(of: xctFailSymbol).map {
    Functions(xctFail: $0)
  }

  /// Whether XCTest is loaded and `XCTFail` was found.
  package static var isAvailable: Bool { functions != nil }

  /// Fails the running XCTest test with `message`, as `XCTFail(message, file:line:)` does.
  ///
  /// XCTest ignores (or, on newer toolchains, forwards to Swift Testing) a failure reported while
  /// no XCTest test runs.
  ///
  /// - Returns: `false` when XCTest is not loaded, and nothing was reported.
  @discardableResult
  package static func fail(_ message: String, file: StaticString, line: UInt) -> Bool {
    guard let functions else { return false }
    // XCTest is not built with library evolution; its parameters are standard library types.
    let xctFail = unsafeBitCast(
      functions.xctFail, to: (@convention(thin) (String, StaticString, UInt) -> Void).self)
    xctFail(message, file, line)
    return true
  }
}
