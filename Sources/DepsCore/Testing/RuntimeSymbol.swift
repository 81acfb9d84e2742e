#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Finds functions of libraries the process may have loaded (XCTest, Swift Testing) without
/// linking them: an app that uses the library never links a test framework.
package enum RuntimeSymbol {
  /// The address of the exported symbol `name` among the images loaded in the process, if any.
  ///
  /// `name` is a mangled Swift name, e.g. `$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF`.
  package static func address(of name: String) -> UnsafeMutableRawPointer? {
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
      // `dlopen(nil)` is the global scope: the executable and every library loaded with it,
      // which is where a test runner has put XCTest and Swift Testing.
      guard let handle = dlopen(nil, RTLD_NOW) else { return nil }
      return dlsym(handle, name)
    #else
      return nil
    #endif
  }

  /// Whether a symbol named `name` is loaded in the process.
  package static func isLoaded(_ name: String) -> Bool {
    address(of: name) != nil
  }
}
