import Foundation

/// A dependency report as Docs/Diagnostics.md states it, to hold an actual report against.
package struct ExpectedReport: Sendable, CustomStringConvertible {
  /// The first line.
  package var title: String
  /// The `Dependencies:` lines, in order, without their indentation.
  package var dependencies: [String]
  /// For each alias (`RefDKey → RefCKey`), the places it may be said to be declared: the docs
  /// leave the order of the lines open, and which of two declarations of one alias is named.
  package var aliases: [String: Set<String>]

  package init(title: String, dependencies: [String], aliases: [String: Set<String>]) {
    self.title = title
    self.dependencies = dependencies
    self.aliases = aliases
  }

  package var description: String {
    ([title, "Dependencies:"] + dependencies.map { "  " + $0 } + ["Aliases:"]
      + aliases.keys.sorted().map { "  \($0) — one of \(aliases[$0]!.sorted())" })
      .joined(separator: "\n")
  }

  /// A dependency that is set: `<Key> = <value> — <place>[ as <OtherKey>]`.
  static func line(_ key: RefKey, _ value: RefValue, place: String, through written: RefKey) -> String {
    let through = written == key ? "" : " as \(written.typeName)"
    return "\(key.typeName) = \(value.reportText) — \(place)\(through)"
  }

  /// A dependency that nobody set, read from the default of `canonical`, built as `built`.
  static func defaultLine(_ key: RefKey, canonical: RefKey, built: RefValue?) -> String {
    let whose = canonical == key ? "default" : "default of \(canonical.typeName)"
    guard let built else { return "\(key.typeName) — \(whose), not yet built" }
    return "\(key.typeName) = \(built.reportText) — \(whose), built"
  }

  static func aliasText(_ pair: AliasPair) -> String {
    "\(pair.alias.typeName) → \(pair.reference.typeName)"
  }

  /// How `actual` differs from this report, or `nil`. With `onlyOurKeys`, lines that name no key
  /// of ``RefKey`` are ignored: a `GlobalDeps` report lists the whole process's defaults.
  package func disagreement(with actual: String, onlyOurKeys: Bool = false) -> String? {
    let lines = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.first == title else {
      return "the report's title is \(lines.first.map { "\"\($0)\"" } ?? "missing"), expected \"\(title)\""
    }
    guard let aliasesAt = lines.firstIndex(where: { $0.hasPrefix("Aliases:") }),
      lines.count > 1, lines[1].hasPrefix("Dependencies:")
    else { return "the report has no Dependencies: and Aliases: sections:\n\(actual)" }
    let ours = { (line: String) in
      !onlyOurKeys || RefKey.allCases.contains { line.hasPrefix($0.typeName + " ") }
    }
    let dependencyLines = lines[1] == "Dependencies: none" ? [] : Array(lines[2..<aliasesAt])
    let gotDependencies = dependencyLines.map { String($0.dropFirst(2)) }.filter(ours)
    if gotDependencies != dependencies {
      return """
        the report's dependencies are
        \(gotDependencies.map { "  " + $0 }.joined(separator: "\n"))
        expected
        \(dependencies.map { "  " + $0 }.joined(separator: "\n"))
        """
    }
    let aliasLines =
      lines[aliasesAt] == "Aliases: none" ? [] : lines[(aliasesAt + 1)...].filter { !$0.isEmpty }
    var seen: Set<String> = []
    for line in aliasLines.map({ String($0.dropFirst(2)) }) where ours(line) {
      let parts = line.components(separatedBy: " — ")
      guard parts.count == 2, let places = aliases[parts[0]], places.contains(parts[1]) else {
        return "the report's alias line \"\(line)\" is not one of \(aliases)"
      }
      seen.insert(parts[0])
    }
    if seen != Set(aliases.keys) {
      return "the report lists the aliases \(seen.sorted()), expected \(aliases.keys.sorted())"
    }
    return nil
  }
}
