import DepsReference
import GlobalDeps

// The dependencies, models and environment of the GlobalDeps differential programs (steps in
// DifferentialSteps.swift, their interpreter in DifferentialInterpreter.swift).

/// A dependency whose default reads another: `a` plus 100 (500 in tests), built with the scope it
/// is cached for in force.
enum RefDerivedKey: DependencyKey {
  static var defaultValue: Int { Dependency(\.refA).wrappedValue + RefKey.derivedOffset(.live) }
  static var testValue: Int { Dependency(\.refA).wrappedValue + RefKey.derivedOffset(.test) }
}

extension Dependencies {
  var refDerived: Int {
    get { self[RefDerivedKey.self] }
    set { self[RefDerivedKey.self] = newValue }
  }
}

/// Key paths that reach past their dependency (`\.refA.description`): run on every read.
let descriptionKeyPaths: [RefKey: KeyPath<Dependencies, String> & Sendable] = [
  .a: \.refA.description, .b: \.refB.description, .c: \.refC.description, .d: \.refD.description,
  .derived: \.refDerived.description,
]

/// A model: `@Dependency` of every dependency by key path and by key type. Its properties
/// capture the scope in force when it is made.
final class DiffModel {
  @Dependency(\.refA) var a
  @Dependency(\.refB) var b
  @Dependency(\.refC) var c
  @Dependency(\.refD) var d
  @Dependency(\.refObject1) var object1
  @Dependency(\.refObject2) var object2
  @Dependency(\.refDerived) var derived
  @Dependency(RefAKey.self) var aByKey
  @Dependency(RefBKey.self) var bByKey
  @Dependency(RefCKey.self) var cByKey
  @Dependency(RefDKey.self) var dByKey
  @Dependency(RefObject1Key.self) var object1ByKey
  @Dependency(RefObject2Key.self) var object2ByKey
  @Dependency(RefDerivedKey.self) var derivedByKey
  @Dependency(\.refPair) var pair

  func read(_ key: RefKey, byKeyType: Bool) -> RefValue {
    switch key {
    case .a: .int(byKeyType ? aByKey : a)
    case .b: .int(byKeyType ? bByKey : b)
    case .c: .int(byKeyType ? cByKey : c)
    case .d: .int(byKeyType ? dByKey : d)
    case .object1: (byKeyType ? object1ByKey : object1).observed
    case .object2: (byKeyType ? object2ByKey : object2).observed
    case .derived: .int(byKeyType ? derivedByKey : derived)
    }
  }
}

/// A model with no `@Dependency`: `withDependencies(from:)` hands on the scope of the operation
/// that returned it.
final class DiffPlainModel: Sendable {}

/// An environment of the programs.
struct DiffGlobalEnvironment: GlobalEnvironment, RefEnvironment {
  @Derived<DiffGlobalEnvironment>(aliases: { $0.alias(\.refD, to: \.refC) }) var aliased

  static let derivedAlias = AliasPair(.d, to: .c)

  func read(_ key: RefKey) -> RefValue {
    key == .derived ? .int(self[\.refDerived]) : readBySubscript(key)
  }

  /// Sets `key` by `route`: `derived` here, the others as every environment does.
  func set(_ key: RefKey, _ value: RefValue, by route: RefWriteRoute) {
    guard key == .derived, case .int(let value) = value else { return write(key, value, route) }
    switch route {
    case .withKeyPath: with(\.refDerived, value)
    case .withKeyType: with(RefDerivedKey.self, value)
    case .subscriptSet: self[\.refDerived] = value
    }
  }
}
