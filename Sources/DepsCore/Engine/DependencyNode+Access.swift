/// The operations both modules' environments expose, on the node that holds their values.
extension DependencyNode {
  package func set<Value>(_ keyPath: WritableKeyPath<Dependencies, Value>, _ value: Value) {
    set(Dependencies.writes(of: value, at: keyPath, over: self))
  }

  package func set<Key: DependencyKey>(_ key: Key.Type, _ value: Key.Value) {
    set(CollectionOfOne(Entry(id: DependencyID(key), box: ValueBox(value))))
  }

  package func alias(_ dependency: AnyKeyPath, to reference: AnyKeyPath) {
    guard
      let alias = KeyPathResolution.id(for: dependency),
      let target = KeyPathResolution.id(for: reference)
    else { return }
    addAlias(alias, to: target)
  }

  package func alias(_ builder: AliasBuilder) {
    for pair in builder.pairs {
      alias(pair.alias.keyPath, to: pair.reference.keyPath)
    }
  }
}
