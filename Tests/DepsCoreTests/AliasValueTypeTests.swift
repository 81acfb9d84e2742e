import Testing

@testable import DepsCore

private enum CountKey: DependencyKey {
  static let defaultValue = 7
  static let testValue = defaultValue
}
private enum LabelKey: DependencyKey {
  static let defaultValue = "label"
  static let testValue = defaultValue
}

extension Dependencies {
  /// A property of type `String` whose getter reads an `Int` key: aliasing to it joins a `String`
  /// dependency to an `Int` one.
  fileprivate var countAsText: String {
    get { String(self[CountKey.self]) }
    set { self[CountKey.self] = Int(newValue) ?? 0 }
  }
  fileprivate var label: String {
    get { self[LabelKey.self] }
    set { self[LabelKey.self] = newValue }
  }
}

@Suite struct AliasValueTypeTests {
  @Test func anAliasToAKeyOfAnotherValueTypeWarnsAndReadsItsOwnDefault() {
    let node = DependencyNode(ownerName: "Root")
    let (value, warnings) = RuntimeWarnings.recording { () -> String in
      node.alias(\Dependencies.label, to: \Dependencies.countAsText)
      return node.read(LabelKey.self)
    }
    #expect(value == "label")
    #expect(
      warnings == [
        """
        LabelKey reads CountKey, whose value is not a String.

        Aliased dependencies must have the same value type. To fix: alias LabelKey to a dependency \
        of type String.
        """
      ])
  }
}
