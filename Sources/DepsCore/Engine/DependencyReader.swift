/// Something ``Dependencies`` reads values from: a store, a scope, or a store seen through overrides.
///
/// A class: ``Dependencies`` holds it in an existential, which for a class is copied and destroyed
/// with one retain or release, where a struct's goes through its value witnesses.
package protocol DependencyReader: AnyObject, Sendable {
  /// The current value of `key`.
  func read<Key: DependencyKey>(_ key: Key.Type) -> Key.Value

  /// The value a read of the key `id` returns when it is found without resolving anything (a
  /// value set under that very key, with no alias in force), or `nil` to ``read(_:)`` it.
  ///
  /// Unretained: valid while the reader is. The value is a `Key.Value` for the key type `Key`
  /// whose identifier is `id`.
  func setValue(for id: ObjectIdentifier) -> SetValue?
}

extension DependencyReader {
  package func setValue(for id: ObjectIdentifier) -> SetValue? { nil }
}
