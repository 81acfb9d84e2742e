import DepsCore

extension ComposableEnvironment: CustomDebugStringConvertible {
  /// Describes where each dependency of this environment comes from: a line per dependency set on
  /// this environment or any ancestor, per default the tree built, and per alias in force here.
  ///
  /// ```swift
  /// let app = AppEnvironment().with(\.int, 3)
  /// print(app.counter.dependencyReport())
  /// // CounterEnvironment (derived from AppEnvironment)
  /// // Dependencies:
  /// //   IntKey = 3 — inherited from AppEnvironment (1 level up)
  /// // Aliases: none
  /// ```
  ///
  /// Lines are sorted by key type name; a value reads as its `String(describing:)`, with line
  /// breaks escaped (`\n`). Its origin is one of:
  /// - `set on this environment`
  /// - `inherited from AppEnvironment (2 levels up)`
  /// - either of those followed by `as OtherKey`, when the value was set through an alias of the
  ///   dependency
  /// - `default, built` or `default, not yet built`, and `default of OtherKey, ...` for an alias
  ///   that reads the default at the end of its chain.
  ///
  /// The report builds no default and does not change the environment. It has no trailing newline.
  public func dependencyReport() -> String {
    let owners = sequence(first: node, next: \.parent).map(\.ownerName)
    let title =
      owners.count == 1
      ? "\(owners[0]) (root)"
      : "\(owners[0]) (derived from \(owners.dropFirst().joined(separator: " ← ")))"
    return node.dependencyReport(title: title, wording: Self.reportWording)
  }

  private static let reportWording = DependencyReportWording(
    valuePlace: { distance, level in
      distance == 0
        ? "set on this environment"
        : "inherited from \(level.ownerName) (\(DependencyReportWording.levelsUp(distance)))"
    },
    aliasPlace: { distance, level in
      distance == 0
        ? "declared on this environment"
        : "declared on \(level.ownerName) (\(DependencyReportWording.levelsUp(distance)))"
    })
}
