/// Something ``Dependencies`` reads values from: a store, a scope, or a store seen through overrides.
package protocol DependencyReader: Sendable {
  /// The current value of `key`.
  func read<Key: DependencyKey>(_ key: Key.Type) -> Key.Value
}
