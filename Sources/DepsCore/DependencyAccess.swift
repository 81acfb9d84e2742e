/// How a property wrapper reads its dependency: through a key path or a key type.
///
/// A class rather than a closure so that a wrapper generic over its key stays `Sendable` without
/// capturing the key's metatype.
package class DependencyAccess<Value>: @unchecked Sendable {
  // @unchecked: subclasses hold only immutable key paths or nothing.
  package func read(_ dependencies: Dependencies) -> Value { fatalError("abstract") }
}

/// Reads a `Dependencies` property.
package final class KeyPathAccess<Value>: DependencyAccess<Value>, @unchecked Sendable {
  // @unchecked: a key path literal is immutable.
  let keyPath: KeyPath<Dependencies, Value>

  package init(_ keyPath: KeyPath<Dependencies, Value>) { self.keyPath = keyPath }

  @inline(__always)
  package override func read(_ dependencies: Dependencies) -> Value { dependencies[keyPath: keyPath] }
}

/// Reads the dependency of a key type.
package final class KeyAccess<Key: DependencyKey>: DependencyAccess<Key.Value>, @unchecked Sendable {
  // @unchecked: no stored state.
  package override init() {}

  @inline(__always)
  package override func read(_ dependencies: Dependencies) -> Key.Value { dependencies[Key.self] }
}
