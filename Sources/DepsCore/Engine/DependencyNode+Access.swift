/// The operations both modules' environments expose, on the node that holds their values.
extension DependencyNode {
  /// Sets the dependency at `keyPath` on this node.
  package func set<Value>(_ keyPath: WritableKeyPath<Dependencies, Value>, _ value: Value) {
    set(Dependencies.writes(of: value, at: keyPath, over: self))
  }

  /// Sets the dependency whose key is `key` on this node.
  package func set<Key: DependencyKey>(_ key: Key.Type, _ value: Key.Value) {
    set(CollectionOfOne(Entry(id: DependencyID(key), box: ValueBox(value))))
  }

  /// Aliases `dependency` to `reference` on this node and below.
  package func alias(_ dependency: AnyKeyPath, to reference: AnyKeyPath) {
    guard
      let alias = KeyPathResolution.id(for: dependency),
      let target = KeyPathResolution.id(for: reference)
    else { return }
    addAlias(alias, to: target)
  }

  /// Declares the aliases of `builder` on this node, in order.
  package func alias(_ builder: AliasBuilder) {
    for pair in builder.pairs {
      alias(pair.alias.keyPath, to: pair.reference.keyPath)
    }
  }
}
