/// Something ``Dependencies`` reads values from: a store, a scope, or a store seen through overrides.
///
/// A class: ``Dependencies`` holds it in an existential, which for a class is copied and destroyed
/// with one retain or release, where a struct's goes through its value witnesses.
package protocol DependencyReader: AnyObject, Sendable {
  func read<Key: DependencyKey>(_ key: Key.Type) -> Key.Value
}

