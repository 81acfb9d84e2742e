import DepsCore
import Synchronization

// The dependencies differential programs read, declared as users declare them: a key per
// dependency with a `testValue` (the test process resolves to it), and a `Dependencies` property.
// `RefDerivedKey`, whose default reads `a` through `GlobalDeps`' `@Dependency`, lives in the
// GlobalDeps tests.

extension ReferenceContext {
  /// The context this process resolves defaults in: `.test` in a test process, unless
  /// `DEPS_CONTEXT=live` (or `preview`, whose `previewValue`s are the `defaultValue`s here) says
  /// otherwise, so that a run in the live context checks what apps get (scopes without defaults of
  /// their own, for one).
  package static var current: Self { DependencyContext.current == .test ? .test : .live }
}

/// An object-valued dependency: a default is built once per store, a value set is the program's.
package final class RefObject: Sendable, CustomStringConvertible {
  private static let serials = Atomic<Int>(0)

  /// The label the program gave it; `nil` for a default the library built.
  package let label: Int?
  /// Tells built defaults apart.
  package let serial: Int

  package init(label: Int? = nil) {
    self.label = label
    serial = Self.serials.add(1, ordering: .relaxed).newValue
  }

  /// The object as a reference predicts it.
  package var observed: RefValue { label.map(RefValue.object) ?? .builtObject(serial) }

  package var description: String { label.map { "RefObject(\($0))" } ?? "RefObject(built)" }
}

extension RefValue {
  /// The value of a dependency the programs read: an `Int` or a ``RefObject``.
  package init(observing value: Any) {
    if let value = value as? Int {
      self = .int(value)
    } else {
      guard let object = value as? RefObject else {
        preconditionFailure("DepsReference: a program read \(value), neither an Int nor a RefObject.")
      }
      self = object.observed
    }
  }
}

/// An `Int` dependency of the programs, whose values its reference key names.
package protocol RefIntKey: DependencyKey where Value == Int {
  static var key: RefKey { get }
}

extension RefIntKey {
  package static var defaultValue: Int { key.intDefaultValue }
  package static var testValue: Int { key.intTestValue }
}

/// An object dependency of the programs: each default it builds is a new object.
package protocol RefObjectKey: DependencyKey where Value == RefObject {}

extension RefObjectKey {
  package static var defaultValue: RefObject { RefObject() }
  package static var testValue: RefObject { RefObject() }
}

package enum RefAKey: RefIntKey { package static let key = RefKey.a }
package enum RefBKey: RefIntKey { package static let key = RefKey.b }
package enum RefCKey: RefIntKey { package static let key = RefKey.c }
package enum RefDKey: RefIntKey { package static let key = RefKey.d }
package enum RefObject1Key: RefObjectKey {}
package enum RefObject2Key: RefObjectKey {}

/// Two dependencies read by one getter: its result is not cached as one key's would be.
package struct RefPair: Equatable, Sendable {
  package var a: Int
  package var b: Int
}

extension Dependencies {
  package var refA: Int {
    get { self[RefAKey.self] }
    set { self[RefAKey.self] = newValue }
  }
  package var refB: Int {
    get { self[RefBKey.self] }
    set { self[RefBKey.self] = newValue }
  }
  package var refC: Int {
    get { self[RefCKey.self] }
    set { self[RefCKey.self] = newValue }
  }
  package var refD: Int {
    get { self[RefDKey.self] }
    set { self[RefDKey.self] = newValue }
  }
  package var refObject1: RefObject {
    get { self[RefObject1Key.self] }
    set { self[RefObject1Key.self] = newValue }
  }
  package var refObject2: RefObject {
    get { self[RefObject2Key.self] }
    set { self[RefObject2Key.self] = newValue }
  }
  /// `a` and `b` read by one getter.
  package var refPair: RefPair { RefPair(a: self[RefAKey.self], b: self[RefBKey.self]) }
}

/// The `Int` dependencies' key paths, by reference key.
package let refIntKeyPaths: [RefKey: WritableKeyPath<Dependencies, Int> & Sendable] = [
  .a: \.refA, .b: \.refB, .c: \.refC, .d: \.refD,
]

/// The object dependencies' key paths, by reference key.
package let refObjectKeyPaths: [RefKey: WritableKeyPath<Dependencies, RefObject> & Sendable] = [
  .object1: \.refObject1, .object2: \.refObject2,
]

extension Dependencies {
  /// Writes `value` for `key` through its key type (`dependencies[RefAKey.self] = …`).
  package mutating func setByKeyType(_ key: RefKey, _ value: RefValue) {
    switch (key, value) {
    case (.a, .int(let value)): self[RefAKey.self] = value
    case (.b, .int(let value)): self[RefBKey.self] = value
    case (.c, .int(let value)): self[RefCKey.self] = value
    case (.d, .int(let value)): self[RefDKey.self] = value
    case (.object1, .object(let label)): self[RefObject1Key.self] = RefObject(label: label)
    case (.object2, .object(let label)): self[RefObject2Key.self] = RefObject(label: label)
    default: preconditionFailure("DepsReference: \(key) cannot be set to \(value) by key type.")
    }
  }

  /// Writes `value` for `key` through its property's setter (`dependencies.refA = …`).
  package mutating func setByProperty(_ key: RefKey, _ value: RefValue) {
    switch (key, value) {
    case (.a, .int(let value)): refA = value
    case (.b, .int(let value)): refB = value
    case (.c, .int(let value)): refC = value
    case (.d, .int(let value)): refD = value
    case (.object1, .object(let label)): refObject1 = RefObject(label: label)
    case (.object2, .object(let label)): refObject2 = RefObject(label: label)
    default: preconditionFailure("DepsReference: \(key) cannot be set to \(value) by its property.")
    }
  }

  /// Writes `value` for `key` through its key path (`dependencies[keyPath: \.refA] = …`).
  package mutating func setByKeyPath(_ key: RefKey, _ value: RefValue) {
    switch value {
    case .int(let value): self[keyPath: refIntKeyPaths[key]!] = value
    case .object(let label): self[keyPath: refObjectKeyPaths[key]!] = RefObject(label: label)
    default: preconditionFailure("DepsReference: \(key) cannot be set to \(value) by key path.")
    }
  }

  /// Reads `key` through its key path.
  package func readByKeyPath(_ key: RefKey) -> RefValue {
    if let path = refIntKeyPaths[key] { return .int(self[keyPath: path]) }
    return self[keyPath: refObjectKeyPaths[key]!].observed
  }
}
