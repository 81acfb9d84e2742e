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
