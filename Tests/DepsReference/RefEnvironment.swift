import DepsCore

/// The environment API both modules share, `with`, the subscript and `aliasing`, so that one
/// program writes through either module's environments alike.
package protocol RefEnvironment {
  @discardableResult
  func with<Value>(_ keyPath: WritableKeyPath<Dependencies, Value>, _ value: Value) -> Self
  @discardableResult
  func with<Key: DependencyKey>(_ key: Key.Type, _ value: Key.Value) -> Self
  @discardableResult
  func aliasing<Value>(
    _ dependency: WritableKeyPath<Dependencies, Value>, to reference: WritableKeyPath<Dependencies, Value>
  ) -> Self
  subscript<Value>(keyPath: WritableKeyPath<Dependencies, Value>) -> Value { get nonmutating set }
}

/// How a program sets a dependency on an environment.
package enum RefWriteRoute: String, CaseIterable, Sendable {
  case withKeyPath = "with(\\.key, _)"
  case withKeyType = "with(Key.self, _)"
  case subscriptSet = "env[\\.key] = _"
}

extension RefEnvironment {
  /// Sets `key` (one of ``RefKey/treeKeys``) to `value` by `route`.
  package func write(_ key: RefKey, _ value: RefValue, _ route: RefWriteRoute) {
    switch (route, value) {
    case (.withKeyPath, .int(let value)): with(refIntKeyPaths[key]!, value)
    case (.withKeyPath, .object(let label)): with(refObjectKeyPaths[key]!, RefObject(label: label))
    case (.subscriptSet, .int(let value)): self[refIntKeyPaths[key]!] = value
    case (.subscriptSet, .object(let label)): self[refObjectKeyPaths[key]!] = RefObject(label: label)
    case (.withKeyType, .int(let value)):
      switch key {
      case .a: with(RefAKey.self, value)
      case .b: with(RefBKey.self, value)
      case .c: with(RefCKey.self, value)
      default: with(RefDKey.self, value)
      }
    case (.withKeyType, .object(let label)):
      if key == .object1 {
        with(RefObject1Key.self, RefObject(label: label))
      } else {
        with(RefObject2Key.self, RefObject(label: label))
      }
    default:
      preconditionFailure("DepsReference: a program set \(key) to \(value).")
    }
  }

  /// Declares `pair` with `aliasing(_:to:)`.
  package func alias(_ pair: AliasPair) {
    if let alias = refIntKeyPaths[pair.alias], let reference = refIntKeyPaths[pair.reference] {
      aliasing(alias, to: reference)
    } else {
      aliasing(refObjectKeyPaths[pair.alias]!, to: refObjectKeyPaths[pair.reference]!)
    }
  }

  /// Reads `key` (one of ``RefKey/treeKeys``) by the subscript, `env[\.key]`.
  package func readBySubscript(_ key: RefKey) -> RefValue {
    if let path = refIntKeyPaths[key] { return .int(self[path]) }
    return self[refObjectKeyPaths[key]!].observed
  }
}
