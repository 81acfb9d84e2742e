/// Something ``Dependencies`` reads values from: a store, a scope, or a store seen through overrides.
package protocol DependencyReader: Sendable {
  /// The current value of `key`.
  func read<Key: DependencyKey>(_ key: Key.Type) -> Key.Value
}

/// Reads defaults only; what a ``Dependencies`` made on its own reads.
package struct DefaultsReader: DependencyReader {
  private let node = DependencyNode(ownerName: "Dependencies")
  package init() {}
  package func read<Key: DependencyKey>(_ key: Key.Type) -> Key.Value { node.read(key) }
}
