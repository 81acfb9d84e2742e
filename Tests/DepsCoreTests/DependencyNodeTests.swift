import Testing

@testable import DepsCore

private final class Counter: Sendable {
  let builds = Locked(0)
}

private let constructions = Counter()

private final class Service: Sendable {
  init() { constructions.builds.withLock { $0 += 1 } }
}

private enum ServiceKey: DependencyKey {
  static var defaultValue: Service { Service() }
  static var testValue: Service { defaultValue }
}

private enum NumberKey: DependencyKey {
  static let defaultValue = 1
  static let testValue = defaultValue
}
private enum OtherNumberKey: DependencyKey {
  static let defaultValue = 2
  static let testValue = defaultValue
}
private enum LiveOnlyKey: DependencyKey {
  static let defaultValue = "live"
  static let testValue = "test"
}
private enum DerivedDefaultKey: DependencyKey {
  static var defaultValue: Int { DependencyNodeTests.readerForDefaults.read(NumberKey.self) * 10 }
  static var testValue: Int { defaultValue }
}

extension Dependencies {
  fileprivate var number: Int {
    get { self[NumberKey.self] }
    set { self[NumberKey.self] = newValue }
  }
  fileprivate var otherNumber: Int {
    get { self[OtherNumberKey.self] }
    set { self[OtherNumberKey.self] = newValue }
  }
  fileprivate var constant: Int {
    get { 42 }
    set {}
  }
  fileprivate var sum: Int {
    get { self[NumberKey.self] + self[OtherNumberKey.self] }
    set {}
  }
}

@Suite struct DependencyNodeTests {
  static let readerForDefaults = DependencyNode(ownerName: "Defaults")

  @Test func aComputedClassDefaultIsBuiltOncePerStore() {
    let node = DependencyNode(ownerName: "Root")
    let child = DependencyNode(ownerName: "Child", parent: node)
    let before = constructions.builds.withLock { $0 }
    let first = node.read(ServiceKey.self)
    let second = node.read(ServiceKey.self)
    let fromChild = child.read(ServiceKey.self)
    #expect(first === second)
    #expect(first === fromChild)
    #expect(constructions.builds.withLock { $0 } - before == 1)
  }

  @Test func testValueIsReadInTests() {
    #expect(DependencyNode(ownerName: "Root").read(LiveOnlyKey.self) == "test")
  }

  @Test func nearestSetValueWinsAndParentsChangesAreSeen() {
    let root = DependencyNode(ownerName: "Root")
    let middle = DependencyNode(ownerName: "Middle", parent: root)
    let leaf = DependencyNode(ownerName: "Leaf", parent: middle)
    #expect(leaf.read(NumberKey.self) == 1)
    root.set(\.number, 5)
    #expect(leaf.read(NumberKey.self) == 5)
    middle.set(\.number, 7)
    #expect(leaf.read(NumberKey.self) == 7)
    root.set(\.number, 9)
    #expect(leaf.read(NumberKey.self) == 7)
    #expect(root.read(NumberKey.self) == 9)
  }

  @Test func aliasedGroupsReadTheLatestWriteOfTheNearestNode() {
    let root = DependencyNode(ownerName: "Root")
    root.alias(\Dependencies.otherNumber, to: \Dependencies.number)
    #expect(root.value(\.otherNumber) == 1)
    root.set(\.otherNumber, 3)
    #expect(root.value(\.number) == 3)
    root.set(\.number, 4)
    #expect(root.value(\.otherNumber) == 4)
  }

  @Test func aDefaultMayReadAnotherDependency() {
    #expect(DependencyNode(ownerName: "Root").read(DerivedDefaultKey.self) == 10)
  }

  @Test func keyPathsThatReadNoKeyCannotBeAliased() {
    Self.expectRefusal(of: \Dependencies.constant, to: \Dependencies.number, reading: "no DependencyKey")
  }

  @Test func keyPathsThatReadSeveralKeysCannotBeAliased() {
    Self.expectRefusal(of: \Dependencies.number, to: \Dependencies.sum, reading: "NumberKey, OtherNumberKey")
  }

  /// Aliasing `alias` to `reference` is refused with one warning, naming the one of them whose
  /// getter reads `read` (the other reads one key) by its value type, `Int`.
  static func expectRefusal(
    of alias: WritableKeyPath<Dependencies, Int>, to reference: WritableKeyPath<Dependencies, Int>,
    reading read: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let node = DependencyNode(ownerName: "Root")
    let (_, warnings) = RuntimeWarnings.recording { node.alias(alias, to: reference) }
    let refused = read == "no DependencyKey" ? alias : reference
    #expect(
      warnings == [
        """
        \(named(refused, otherwise: "A Dependencies property of type Int")) cannot be aliased: its \
        getter reads \(read).

        An alias joins two dependencies, so each key path must be a Dependencies property that reads \
        exactly one key. To fix: alias properties declared as `get { self[SomeKey.self] }`.
        """
      ], sourceLocation: sourceLocation)
    #expect(node.effectiveAliases.isEmpty, sourceLocation: sourceLocation)
  }

  /// How a message names a key path: as the standard library prints it when that names the
  /// property (it finds the getter's symbol, on some platforms), else `otherwise`, never the
  /// getter's address (`\Dependencies.<computed 0x… (Int)>`, on Linux).
  static func named(_ keyPath: AnyKeyPath, otherwise: String) -> String {
    let printed = "\(keyPath)"
    return printed.contains("<computed ") ? otherwise : printed
  }
}
