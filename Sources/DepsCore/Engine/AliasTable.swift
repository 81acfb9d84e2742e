/// The aliases in force in one scope: which dependency each aliased dependency reads.
///
/// After `alias(a, to: b)`, `a` and `b` are one group: reading or setting either reads or sets the
/// group, and unset it reads the default at the chain's end. Chains join groups; an alias that would
/// close a cycle is refused, so a chain always ends.
package struct AliasTable: Sendable {
  /// The dependency each aliased dependency points to, one step along its chain.
  private var targets: [ObjectIdentifier: DependencyID] = [:]

  package init() {}

  package var isEmpty: Bool { targets.isEmpty }

  /// The declared aliases as `(alias, reference)` pairs, in the order they were first declared.
  var declared: [(alias: DependencyID, reference: DependencyID)] {
    order.compactMap { alias in targets[alias.rawValue].map { (alias, $0) } }
  }

  /// The aliases in the order they were first declared, for stable reports and merges.
  private var order: [DependencyID] = []

  /// The dependency whose default a group reads: the end of `id`'s chain.
  func canonical(_ id: DependencyID) -> DependencyID {
    var current = id
    // Cycles are refused when declared, so this ends; the bound is a guard, not a rule.
    var steps = 0
    while let next = targets[current.rawValue], steps <= targets.count {
      current = next
      steps += 1
    }
    return current
  }

  package func group(of id: DependencyID) -> [DependencyID] {
    guard !targets.isEmpty else { return [id] }
    let end = canonical(id)
    var members = [end]
    for alias in order where alias != end && canonical(alias) == end {
      members.append(alias)
    }
    return members
  }

  package enum Outcome: Equatable, Sendable {
    case added
    /// `alias` and `reference` are the same dependency.
    case refusedSelfAlias
    /// The alias would close a cycle; `cycle` lists it, starting and ending with `alias`.
    case refusedCycle(cycle: [DependencyID])
  }

  /// Makes `alias` read `reference`, unless that would close a cycle; replaces an earlier reference.
  @discardableResult
  package mutating func add(_ alias: DependencyID, to reference: DependencyID) -> Outcome {
    guard alias != reference else { return .refusedSelfAlias }
    // Walk from `reference` along its chain; meeting `alias` means the new step closes a cycle.
    var chain = [alias, reference]
    var current = reference
    var steps = 0
    while let next = targets[current.rawValue], steps <= targets.count {
      if current == alias { break }
      chain.append(next)
      current = next
      steps += 1
    }
    if chain.dropFirst().contains(alias) {
      return .refusedCycle(cycle: Array(chain.prefix(through: chain.dropFirst().firstIndex(of: alias)!)))
    }
    if targets.updateValue(reference, forKey: alias.rawValue) == nil {
      order.append(alias)
    }
    return .added
  }

  /// Adds `other`'s aliases on top of these, as a child scope does; ones that would close a cycle are
  /// refused with a warning.
  mutating func merge(_ other: AliasTable) {
    for (alias, reference) in other.declared {
      addOrWarn(alias, to: reference)
    }
  }

  /// ``add(_:to:)`` with a runtime warning for a refused alias.
  @discardableResult
  package mutating func addOrWarn(_ alias: DependencyID, to reference: DependencyID) -> Outcome {
    let outcome = add(alias, to: reference)
    AliasTable.warnIfRefused(outcome, alias: alias, reference: reference)
    return outcome
  }

  /// Emits the runtime warning for a refused alias; does nothing for ``Outcome/added``.
  static func warnIfRefused(_ outcome: Outcome, alias: DependencyID, reference: DependencyID) {
    switch outcome {
    case .added:
      break
    case .refusedSelfAlias:
      runtimeWarn(
        """
        Alias refused: \(alias) was aliased to itself.

        An alias makes two different dependencies read one value; a dependency already reads its own. \
        To fix: remove this aliasing(_:to:) call, or name two different dependencies.
        """,
        kind: alias.description)
    case .refusedCycle(let cycle):
      let path = cycle.map(\.description).joined(separator: " → ")
      runtimeWarn(
        """
        Alias refused: aliasing \(alias) to \(reference) would make a cycle (\(path)).

        A chain of aliases must end in the dependency that provides the group's default value. \
        To fix: remove one of the aliasing(_:to:) calls that form the cycle, keeping one direction \
        (\(reference) to \(alias), or \(alias) to \(reference)).
        """,
        kind: "\(alias) → \(reference)")
    }
  }
}
