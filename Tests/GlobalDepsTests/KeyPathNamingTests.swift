import Testing

@testable import GlobalDeps

private enum NamingKey: DependencyKey { static let defaultValue = 1 }
private enum OtherNamingKey: DependencyKey { static let defaultValue = 2 }
extension Dependencies {
  fileprivate var naming: Int {
    get { self[NamingKey.self] }
    set { self[NamingKey.self] = newValue }
  }
  /// Reads no key: its writes go nowhere.
  fileprivate var unkeyedNaming: Int {
    get { 42 }
    set {}
  }
  fileprivate var bothNaming: Int {
    get { self[NamingKey.self] + self[OtherNamingKey.self] }
    set {}
  }
}

private struct NamingEnvironment: GlobalEnvironment {}
private struct WritingEnvironment: GlobalEnvironment {
  @Derived var child = NamingEnvironment().with(\.unkeyedNaming, 5)
}
private struct KeyedWritingEnvironment: GlobalEnvironment {
  @Derived var child = NamingEnvironment().with(\.naming, 5)
}

/// Messages name a `Dependencies` key path by its key, or as the standard library prints it when
/// that names the property, or by its value type: never by the address of its getter, which is
/// how the standard library prints a computed property on Linux.
@Suite struct KeyPathNamingTests {
  /// The standard library's text when it names the property, else `otherwise`.
  private static func named(_ keyPath: AnyKeyPath, otherwise: String) -> String {
    let printed = "\(keyPath)"
    return printed.contains("<computed ") ? otherwise : printed
  }

  /// The warning that refuses an alias of the key path `name`, whose getter reads `read`.
  private static func refusal(_ name: String, reads read: String) -> String {
    """
    \(name) cannot be aliased: its getter reads \(read).

    An alias joins two dependencies, so each key path must be a Dependencies property that reads \
    exactly one key. To fix: alias properties declared as `get { self[SomeKey.self] }`.
    """
  }

  @Test func aliasingAKeyPathThatReadsNoKeyWarnsOnceNamingIt() {
    let (_, warnings) = RuntimeWarnings.recording {
      NamingEnvironment().aliasing(\.unkeyedNaming, to: \.naming)
    }
    let name = Self.named(\Dependencies.unkeyedNaming, otherwise: "A Dependencies property of type Int")
    #expect(warnings == [Self.refusal(name, reads: "no DependencyKey")])
  }

  @Test func aliasingAKeyPathThatReadsSeveralKeysWarnsOnceNamingThem() {
    let (_, warnings) = RuntimeWarnings.recording {
      NamingEnvironment().aliasing(\.naming, to: \.bothNaming)
    }
    let name = Self.named(\Dependencies.bothNaming, otherwise: "A Dependencies property of type Int")
    #expect(warnings == [Self.refusal(name, reads: "NamingKey, OtherNamingKey")])
  }

  /// (`StoreWriteWarningTests` checks the rest of this text.)
  @Test func aStoreWriteWarningNamesAKeyPathThatReadsNoKeyByItsType() {
    let (_, warnings) = RuntimeWarnings.recording { _ = WritingEnvironment().child }
    let name = Self.named(\Dependencies.unkeyedNaming, otherwise: "a Dependencies property of type Int")
    #expect(warnings == [StoreWriteWarnings.duringDerived(key: name, environment: "NamingEnvironment")])
    #expect(warnings.first?.hasPrefix("with(_:_:) set \(name) on the process-wide store") == true)
  }

  @Test func aStoreWriteWarningNamesAKeyPathByItsKey() {
    let (_, warnings) = RuntimeWarnings.recording { _ = KeyedWritingEnvironment().child }
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix("with(_:_:) set NamingKey on the process-wide store") == true)
  }
}
