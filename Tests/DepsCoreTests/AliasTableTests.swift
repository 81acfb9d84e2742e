import Testing

@testable import DepsCore

private enum A: DependencyKey {
  static let defaultValue = 1
  static let testValue = defaultValue
}
private enum B: DependencyKey {
  static let defaultValue = 2
  static let testValue = defaultValue
}
private enum C: DependencyKey {
  static let defaultValue = 3
  static let testValue = defaultValue
}
private enum D: DependencyKey {
  static let defaultValue = 4
  static let testValue = defaultValue
}

private let a = DependencyID(A.self)
private let b = DependencyID(B.self)
private let c = DependencyID(C.self)
private let d = DependencyID(D.self)

@Suite struct AliasTableTests {
  @Test func chainsEndInTheLastReference() {
    var table = AliasTable()
    #expect(table.add(a, to: b) == .added)
    #expect(table.add(c, to: a) == .added)
    #expect(table.canonical(c) == b)
    #expect(table.canonical(a) == b)
    #expect(table.canonical(b) == b)
    #expect(table.canonical(d) == d)
    #expect(Set(table.group(of: c)) == [a, b, c])
    #expect(table.group(of: d) == [d])
  }

  @Test func selfAliasIsRefused() {
    var table = AliasTable()
    #expect(table.add(a, to: a) == .refusedSelfAlias)
    #expect(table.isEmpty)
  }

  @Test func cyclesAreRefusedAndNamed() {
    var table = AliasTable()
    table.add(a, to: b)
    table.add(b, to: c)
    #expect(table.add(c, to: a) == .refusedCycle(cycle: [c, a, b, c]))
    #expect(table.add(b, to: a) == .refusedCycle(cycle: [b, a, b]))
    #expect(table.canonical(a) == c)
  }

  @Test func redeclaringAnAliasRepointsIt() {
    var table = AliasTable()
    table.add(a, to: b)
    table.add(a, to: c)
    #expect(table.canonical(a) == c)
    #expect(table.group(of: b) == [b])
  }

  @Test func mergingRefusesCyclesWithTheParentsAliases() {
    var parent = AliasTable()
    parent.add(b, to: a)
    var child = AliasTable()
    child.add(a, to: b)
    child.add(c, to: a)
    let (_, warnings) = RuntimeWarnings.recording { parent.merge(child) }
    #expect(parent.canonical(c) == a)
    #expect(parent.canonical(b) == a)
    #expect(
      warnings == [
        """
        Alias refused: aliasing A to B would make a cycle (A → B → A).

        A chain of aliases must end in the dependency that provides the group's default value. \
        To fix: remove one of the aliasing(_:to:) calls that form the cycle, keeping one direction \
        (B to A, or A to B).
        """
      ])
  }

  @Test func selfAliasWarningText() {
    let (_, warnings) = RuntimeWarnings.recording {
      AliasTable.warnIfRefused(.refusedSelfAlias, alias: a, reference: a)
    }
    #expect(
      warnings == [
        """
        Alias refused: A was aliased to itself.

        An alias makes two different dependencies read one value; a dependency already reads its own. \
        To fix: remove this aliasing(_:to:) call, or name two different dependencies.
        """
      ])
  }
}
