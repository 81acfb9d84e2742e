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
  /// Lines are sorted by key type name; values read as `String(describing:)`, line breaks escaped.
  /// An origin is `set on this environment`, `inherited from AppEnvironment (2 levels up)` (either
  /// may end `as OtherKey`, set through an alias), `default, built`, `default, not yet built`, or
  /// `default of OtherKey, ...`. The report builds no default and changes nothing.
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
