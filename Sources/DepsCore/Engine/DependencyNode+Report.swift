/// How a report names the level, on a path, where a value was set or an alias declared.
///
/// `ComposableDeps` says "inherited from AppEnvironment (2 levels up)", `GlobalDeps` "set in
/// withDependencies".
package struct DependencyReportWording: Sendable {
  /// Where a value was set: on `level`, `distance` levels up from the reported one.
  var valuePlace: @Sendable (_ distance: Int, _ level: DependencyNode.Level) -> String
  /// Where an alias was declared: on `level`, `distance` levels up from the reported one.
  var aliasPlace: @Sendable (_ distance: Int, _ level: DependencyNode.Level) -> String

  package init(
    valuePlace: @escaping @Sendable (_ distance: Int, _ level: DependencyNode.Level) -> String,
    aliasPlace: @escaping @Sendable (_ distance: Int, _ level: DependencyNode.Level) -> String
  ) {
    self.valuePlace = valuePlace
    self.aliasPlace = aliasPlace
  }

  package static func levelsUp(_ distance: Int) -> String {
    distance == 1 ? "1 level up" : "\(distance) levels up"
  }
}

extension DependencyNode {
  /// A line-oriented description of every dependency set on this node's path, every default the
  /// tree built, and every alias in force here, sorted by key type name.
  ///
  /// ```
  /// <title>
  /// Dependencies:
  ///   IntKey = 3 — inherited from AppEnvironment (1 level up)
  ///   MainKey = main-queue — default of MainQueueKey, built
  ///   MainQueueKey — default, not yet built
  /// Aliases:
  ///   MainKey → MainQueueKey — declared on this environment
  /// ```
  ///
  /// Builds no default; values are described (user code) after every node lock is released.
  package func dependencyReport(title: String, wording: DependencyReportWording) -> String {
    Self.dependencyReport(along: path(), title: title, wording: wording)
  }

  /// The report of a read at the start of `levels` (nearest first, as ``path()`` copies them).
  package static func dependencyReport(
    along levels: [Level], title: String, wording: DependencyReportWording
  ) -> String {
    let built = Self.defaultsLevel(levels).defaults?.built ?? [:]
    let aliases = Self.effectiveAliases(levels)

    var keys: [ObjectIdentifier: DependencyID] = [:]
    for level in levels {
      for entry in level.values.values { keys[entry.id.rawValue] = entry.id }
    }
    for (alias, reference) in aliases.declared {
      keys[alias.rawValue] = alias
      keys[reference.rawValue] = reference
    }
    for id in built.keys { keys[id.rawValue] = id }

    enum Source {
      case set(box: AnyValueBox, place: String, setAs: DependencyID?)
      case builtDefault(box: AnyValueBox, of: DependencyID?)
      case pendingDefault(of: DependencyID?)
    }
    var rows: [(id: DependencyID, source: Source)] = []
    for id in keys.values.sorted(by: Self.reportOrder) {
      let source: Source
      switch Self.resolve(id, along: levels, aliases: aliases) {
      case .set(let entry, let distance):
        let place = wording.valuePlace(distance, levels[distance])
        source = .set(box: entry.box, place: place, setAs: entry.id == id ? nil : entry.id)
      case .default(let canonical):
        let of = canonical == id ? nil : canonical
        source = built[canonical].map { .builtDefault(box: $0, of: of) } ?? .pendingDefault(of: of)
      }
      rows.append((id, source))
    }

    var aliasRows: [(alias: DependencyID, reference: DependencyID, place: String)] = []
    for (alias, reference) in aliases.declared.sorted(by: { Self.reportOrder($0.alias, $1.alias) }) {
      let distance = levels.firstIndex { level in
        level.aliases.declared.contains { $0.alias == alias && $0.reference == reference }
      }
      let place = distance.map { wording.aliasPlace($0, levels[$0]) } ?? "inherited"
      aliasRows.append((alias, reference, place))
    }

    // Every lock is released: describing values may run user code.
    var lines = [title, rows.isEmpty ? "Dependencies: none" : "Dependencies:"]
    for (id, source) in rows {
      switch source {
      case .set(let box, let place, let setAs):
        let through = setAs.map { " as \($0)" } ?? ""
        lines.append("  \(id) = \(Self.describe(box)) — \(place)\(through)")
      case .builtDefault(let box, let of):
        let whose = of.map { " of \($0)" } ?? ""
        lines.append("  \(id) = \(Self.describe(box)) — default\(whose), built")
      case .pendingDefault(let of):
        let whose = of.map { " of \($0)" } ?? ""
        lines.append("  \(id) — default\(whose), not yet built")
      }
    }
    lines.append(aliasRows.isEmpty ? "Aliases: none" : "Aliases:")
    for row in aliasRows {
      lines.append("  \(row.alias) → \(row.reference) — \(row.place)")
    }
    return lines.joined(separator: "\n")
  }

  /// By key type name as written, then module-qualified, so the order is stable across runs.
  private static func reportOrder(_ lhs: DependencyID, _ rhs: DependencyID) -> Bool {
    let (left, right) = (lhs.description, rhs.description)
    if left != right { return left < right }
    return String(reflecting: lhs.keyType) < String(reflecting: rhs.keyType)
  }

  /// The value on one line: a multi-line description would break the report's line format.
  private static func describe(_ box: AnyValueBox) -> String {
    var result = ""
    for scalar in box.valueDescription.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
