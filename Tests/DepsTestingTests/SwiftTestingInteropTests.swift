import DepsCore
import Testing

@testable import DepsTesting

/// The reporter tells XCTest too of a failure that no Swift Testing test owns, unless a test
/// framework installed Swift Testing's fallback event handler, which would already pass the issue
/// on (and XCTest would then fail its test twice). Whether one is installed is asked through a C
/// entry point looked up by name.
@Suite struct SwiftTestingInteropTests {
  #if compiler(>=6.3)
    /// The lookup finds the entry point in this toolchain's Swift Testing: were the name wrong or
    /// not found, the reporter could not tell an installed handler, and would fail an XCTest test
    /// twice where XCTest installs one.
    @Test func theFallbackHandlersEntryPointIsFound() {
      #expect(SwiftTestingInterop.getFallbackEventHandlerAddress != nil)
      #expect(LoadedSymbol.address(of: "_swift_testing_noSuchEntryPoint") == nil)
    }
  #endif

  #if os(Linux)
    /// XCTest on Linux installs no handler (Swift 6.3): a failure off a Swift Testing test's task
    /// goes to both frameworks, and the one running keeps it.
    @Test func nothingInstallsAHandlerOnLinux() {
      #expect(!SwiftTestingInterop.hasFallbackEventHandler)
    }
  #endif
}
