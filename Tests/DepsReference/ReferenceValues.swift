/// The dependencies every differential program reads, as the references name them.
///
/// Four `Int` dependencies that may alias each other, two object-valued ones (a class default is
/// built once per store) that may alias each other, and, in `GlobalDeps` only, `derived`, whose
/// default reads `a`. Every key declares a `testValue` that differs from its `defaultValue`: the
/// test process must resolve to `testValue`.
package enum RefKey: Int, CaseIterable, Sendable, Comparable, CustomStringConvertible {
  case a, b, c, d, object1, object2, derived

  package static func < (lhs: Self, rhs: Self) -> Bool { lhs.typeName < rhs.typeName }

  /// The keys `ComposableDeps` programs use (`derived` reads `GlobalDeps`' `@Dependency`).
  package static let treeKeys: [RefKey] = [.a, .b, .c, .d, .object1, .object2]

  /// The `Int` keys that may be aliased to each other.
  package static let intKeys: [RefKey] = [.a, .b, .c, .d]

  /// The object keys that may be aliased to each other.
  package static let objectKeys: [RefKey] = [.object1, .object2]

  package var isObject: Bool { self == .object1 || self == .object2 }

  /// Whether `self` and `other` have one value type, as an alias needs.
  package func sharesType(with other: RefKey) -> Bool {
    self != .derived && other != .derived && isObject == other.isObject
  }

  /// The key type's name, as the dependency report prints it.
  package var typeName: String {
    switch self {
    case .a: "RefAKey"
    case .b: "RefBKey"
    case .c: "RefCKey"
    case .d: "RefDKey"
    case .object1: "RefObject1Key"
    case .object2: "RefObject2Key"
    case .derived: "RefDerivedKey"
    }
  }

  package var description: String {
    switch self {
    case .a: "a"
    case .b: "b"
    case .c: "c"
    case .d: "d"
    case .object1: "object1"
    case .object2: "object2"
    case .derived: "derived"
    }
  }

  /// The `defaultValue` of an `Int` key other than `derived`.
  package var intDefaultValue: Int { 1 + rawValue }

  /// The `testValue` of an `Int` key other than `derived`.
  package var intTestValue: Int { 11 + rawValue }

  /// What `derived`'s default adds to `a`: its `defaultValue` is `a + 100`, its `testValue` `a + 500`.
  package static func derivedOffset(_ context: ReferenceContext) -> Int { context == .test ? 500 : 100 }
}

/// Which value a dependency nobody set resolves to: `testValue` in a test process.
package enum ReferenceContext: Sendable {
  case test, live
}

/// A value as the references predict it, or as a differential test observed it.
package enum RefValue: Hashable, Sendable, CustomStringConvertible {
  case int(Int)
  /// An object the program made and set, by its label.
  case object(Int)
  /// The reference's name for the default object that one store built for one key.
  case defaultObject(String)
  /// An observed object that nobody made by label: a built default, by its serial.
  case builtObject(Int)

  package var description: String {
    switch self {
    case .int(let value): "\(value)"
    case .object(let label): "RefObject(\(label))"
    case .defaultObject(let name): "the default built for \(name)"
    case .builtObject(let serial): "a built default (serial \(serial))"
    }
  }

  /// What the dependency report prints for the value (`RefObject`'s `description`).
  package var reportText: String {
    switch self {
    case .int(let value): "\(value)"
    case .object(let label): "RefObject(\(label))"
    case .defaultObject, .builtObject: "RefObject(built)"
    }
  }
}

/// Matches predicted values with observed ones: a default object the reference names must be one
/// instance wherever it is read, and two names must be two instances ("built once per store").
package struct IdentityMatcher: Sendable {
  private var serialByName: [String: Int] = [:]
  private var nameBySerial: [Int: String] = [:]

  package init() {}

  /// Whether `actual` is what `expected` predicts; binds a default's name to the first object read
  /// for it.
  package mutating func agrees(expected: RefValue, actual: RefValue) -> Bool {
    switch (expected, actual) {
    case (.defaultObject(let name), .builtObject(let serial)):
      switch (serialByName[name], nameBySerial[serial]) {
      case (nil, nil):
        serialByName[name] = serial
        nameBySerial[serial] = name
        return true
      case (let bound?, let boundName?):
        return bound == serial && boundName == name
      default:
        return false
      }
    default:
      return expected == actual
    }
  }

  /// The serial of the object a default's name was matched with, if any.
  package func serial(for expected: RefValue) -> Int? {
    guard case .defaultObject(let name) = expected else { return nil }
    return serialByName[name]
  }

  /// What `expected` was matched with so far, for messages.
  package func explain(_ expected: RefValue) -> String {
    guard case .defaultObject(let name) = expected else { return expected.description }
    guard let serial = serialByName[name] else { return expected.description }
    return "\(expected) (first read as serial \(serial))"
  }
}

/// A value a program set, as the references keep it: the key it was set under, and when (the
/// latest write of a group wins within one level).
package struct ReferenceWrite: Sendable {
  package var value: RefValue
  package var sequence: Int
  package var key: RefKey

  /// The latest write in `values` of a member of `group`.
  package static func latest(of group: Set<RefKey>, in values: [RefKey: ReferenceWrite]) -> ReferenceWrite? {
    var latest: ReferenceWrite?
    for member in group {
      if let write = values[member], write.sequence > latest?.sequence ?? 0 { latest = write }
    }
    return latest
  }
}

/// An alias as a program declares it: `alias` reads `reference`.
package struct AliasPair: Hashable, Sendable, CustomStringConvertible {
  package let alias: RefKey
  package let reference: RefKey

  package init(_ alias: RefKey, to reference: RefKey) {
    self.alias = alias
    self.reference = reference
  }

  package var description: String { "\(alias) → \(reference)" }
}

/// Groups of aliased dependencies, as the docs state them: an alias joins a dependency to the
/// group of its reference; a group reads the default of the end of its chain.
package struct AliasGroups {
  private var targets: [RefKey: RefKey] = [:]

  package init(_ pairs: some Sequence<AliasPair>) {
    for pair in pairs { targets[pair.alias] = pair.reference }
  }

  /// The end of `key`'s chain.
  package func canonical(_ key: RefKey) -> RefKey {
    var current = key
    var seen: Set<RefKey> = [key]
    while let next = targets[current], seen.insert(next).inserted { current = next }
    return current
  }

  /// Every dependency of `key`'s group, `key` included.
  package func group(of key: RefKey) -> Set<RefKey> {
    let end = canonical(key)
    return Set(RefKey.allCases.filter { canonical($0) == end })
  }

  /// Whether declaring `pair` on top of `pairs` keeps to what the docs define: two different
  /// dependencies of one type, no dependency aliased to two others, and no cycle.
  package static func allows(_ pair: AliasPair, over pairs: [AliasPair]) -> Bool {
    guard pair.alias != pair.reference, pair.alias.sharesType(with: pair.reference) else { return false }
    if pairs.contains(pair) { return true }
    guard !pairs.contains(where: { $0.alias == pair.alias }) else { return false }
    let groups = AliasGroups(pairs)
    // A cycle: the reference's chain already ends at the alias.
    return groups.canonical(pair.reference) != pair.alias
      && !chain(from: pair.reference, in: pairs).contains(pair.alias)
  }

  private static func chain(from key: RefKey, in pairs: [AliasPair]) -> [RefKey] {
    let targets = Dictionary(pairs.map { ($0.alias, $0.reference) }, uniquingKeysWith: { $1 })
    var chain = [key]
    var current = key
    while let next = targets[current], !chain.contains(next) {
      chain.append(next)
      current = next
    }
    return chain
  }
}

/// The report's wording of a distance: "1 level up", "2 levels up".
package func levelsUp(_ distance: Int) -> String {
  distance == 1 ? "1 level up" : "\(distance) levels up"
}
