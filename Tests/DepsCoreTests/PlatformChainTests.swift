import Foundation
import Testing

/// Every `#if` chain that picks the platform's C library ends in an `#error`, so that a platform
/// the library does not support fails to build with a message saying so, not with errors about
/// missing pthread or libc names.
@Suite struct PlatformChainTests {
  /// The package's root: this file is `Tests/DepsCoreTests/PlatformChainTests.swift`.
  private static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The Swift files under `folder`, relative to the package root.
  private static func swiftFiles(under folder: String) -> [String] {
    let base = root.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
    return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
      .map { "\(folder)/\($0)" }.sorted()
  }

  /// The `#if` chains of `text` that pick the platform's C library (two or more of their own
  /// branches import `Glibc`, `Musl` or `Darwin`) and have no `#error` in any of their own
  /// branches, by the line they start on. (A file wrapped in `#if canImport(Glibc)` alone is
  /// Linux-only on purpose.)
  static func chainsWithoutError(in text: String) -> [Int] {
    struct Chain {
      var line: Int
      var branchesImportingLibc = 0
      var branchImportsLibc = false
      var hasError = false

      mutating func endBranch() {
        if branchImportsLibc { branchesImportingLibc += 1 }
        branchImportsLibc = false
      }
    }
    let libraries: Set = ["import Glibc", "import Musl", "import Darwin"]
    var open: [Chain] = []
    var missing: [Int] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("#if ") {
        open.append(Chain(line: index + 1))
      } else if open.isEmpty {
        continue
      } else if line.hasPrefix("#elseif ") || line == "#else" {
        open[open.count - 1].endBranch()
      } else if line.hasPrefix("#endif") {
        var chain = open.removeLast()
        chain.endBranch()
        if chain.branchesImportingLibc >= 2 && !chain.hasError { missing.append(chain.line) }
      } else if libraries.contains(line) {
        open[open.count - 1].branchImportsLibc = true
      } else if line.hasPrefix("#error(") {
        open[open.count - 1].hasError = true
      }
    }
    return missing
  }

  @Test func theCheckFindsAChainWithoutError() {
    let without = "#if canImport(Glibc)\n  import Glibc\n#elseif canImport(Darwin)\n  import Darwin\n#endif\n"
    let with =
      "#if canImport(Glibc)\n  import Glibc\n#elseif canImport(Darwin)\n  import Darwin\n#else\n"
      + "  #error(\"no\")\n#endif\n"
    let nested =
      "#if A\n  #if canImport(Glibc)\n    import Glibc\n  #elseif canImport(Musl)\n    import Musl\n"
      + "  #endif\n  #error(\"outer\")\n#endif\n"
    let linuxOnly = "#if canImport(Glibc)\n  import Glibc\n  import Testing\n#endif\n"
    #expect(Self.chainsWithoutError(in: without) == [1])
    #expect(Self.chainsWithoutError(in: with) == [])
    #expect(Self.chainsWithoutError(in: nested) == [2])
    #expect(Self.chainsWithoutError(in: linuxOnly) == [])
  }

  @Test func everyPlatformChainEndsInAnError() throws {
    let files = ["Sources", "Tests", "Benchmarks/Sources", "Example", "Fixtures"].flatMap(Self.swiftFiles)
    #expect(files.count > 50)
    var checked = 0
    for file in files {
      let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
      if text.contains("#elseif canImport(Musl)") || text.contains("#elseif canImport(Darwin)") {
        checked += 1
      }
      for line in Self.chainsWithoutError(in: text) {
        Issue.record("\(file):\(line): a platform #if chain without #error for other platforms")
      }
    }
    // The library's platform calls sit in a few files (Support/Platform.swift, ThreadReadCache,
    // RuntimeWarning); the benchmarks and the test support have theirs.
    #expect(checked >= 8)
  }
}
