/// Something ``Dependencies`` reads values from: a store, a scope, or a store seen through overrides.
///
/// A class: ``Dependencies`` holds it in an existential, which for a class is copied and destroyed
/// with one retain or release, where a struct's goes through its value witnesses.
@usableFromInline
package protocol DependencyReader: AnyObject, Sendable {
  func read<Key: DependencyKey>(_ key: Key.Type) -> Key.Value

  /// The box a read of the key `id` returns, when the reader finds it with no alias in force (so
  /// that it holds a value of the key's type); `nil` to ``read(_:)`` the key instead. Untyped, so
  /// that the `Dependencies` subscript, specialized where a property is declared, reads it with
  /// no generic code in between.
  func box(for id: DependencyID) -> AnyValueBox?
}

extension DependencyReader {
  @usableFromInline
  package func box(for id: DependencyID) -> AnyValueBox? { nil }
}
