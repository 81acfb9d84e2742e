import DepsCore

/// A class-valued dependency that tests set and watch being freed (with ``WeakBox``).
package final class NamedObject: Sendable {
  package let name: String
  package init(_ name: String) { self.name = name }
}

/// The key of ``Dependencies/namedObject``; its default is named "default". Only set on a test's
/// own environments and in scopes, so that suites running in parallel never see each other's.
package enum NamedObjectKey: DependencyKey {
  package static var defaultValue: NamedObject { NamedObject("default") }
  package static var testValue: NamedObject { defaultValue }
}

extension Dependencies {
  /// A ``NamedObject``.
  package var namedObject: NamedObject {
    get { self[NamedObjectKey.self] }
    set { self[NamedObjectKey.self] = newValue }
  }
}

/// Two `Int` dependencies of the attack suites, set only on their own environments, in their
/// scopes, or (the first) on the `GlobalDeps` store by the one suite that reads it there.
package enum AttackFirstKey: DependencyKey {
  package static let defaultValue = -1
  package static let testValue = defaultValue
}

/// See ``AttackFirstKey``.
package enum AttackSecondKey: DependencyKey {
  package static let defaultValue = -2
  package static let testValue = defaultValue
}

extension Dependencies {
  /// See ``AttackFirstKey``.
  package var attackFirst: Int {
    get { self[AttackFirstKey.self] }
    set { self[AttackFirstKey.self] = newValue }
  }
  /// See ``AttackFirstKey``.
  package var attackSecond: Int {
    get { self[AttackSecondKey.self] }
    set { self[AttackSecondKey.self] = newValue }
  }
}
