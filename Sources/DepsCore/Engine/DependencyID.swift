/// The identity of a dependency: its key type.
///
/// Equality and hashing use the key type alone; the metatype is kept to name the key in
/// diagnostics and to build its default.
@usableFromInline
package struct DependencyID: Hashable, @unchecked Sendable, CustomStringConvertible {
  // @unchecked: a metatype is an immutable, process-wide value; the key types hold no state.
  package let rawValue: ObjectIdentifier
  let keyType: any DependencyKey.Type

  @usableFromInline
  package init<Key: DependencyKey>(_ key: Key.Type) {
    self.rawValue = ObjectIdentifier(key)
    self.keyType = key
  }

  @usableFromInline
  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }
  @usableFromInline
  package func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

  /// The key type's name as the user wrote it, without the module prefix; for a one-line
  /// declaration's key, its property: `Dependencies.numberFact`.
  @usableFromInline
  package var description: String { DependencyNaming.name(of: keyType) }

  /// Builds the value a read gets when nobody set one: `testValue` in tests (reported when the
  /// key declares none, see `TestValueCheck`), `previewValue` in previews, `defaultValue`
  /// elsewhere.
  func makeDefault(context: DependencyContext) -> AnyValueBox {
    func build<Key: DependencyKey>(_: Key.Type) -> AnyValueBox {
      switch context {
      case .live: ValueBox<Key.Value>(Key.defaultValue)
      case .test: ValueBox<Key.Value>(TestValueCheck.testValue(of: Key.self))
      case .preview: ValueBox<Key.Value>(Key.previewValue)
      }
    }
    return build(keyType)
  }
}
