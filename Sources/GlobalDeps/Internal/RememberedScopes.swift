import DepsCore

/// The scopes that `withDependencies` operations returned objects from, by object: what
/// `withDependencies(from:)` hands on for a model with no `@Dependency` property.
///
/// Each entry holds its object weakly and its scope strongly. A sweep drops released objects'
/// entries whenever the map has grown past twice the objects alive at the last sweep: the map
/// stays within about twice its live objects, and remembering costs constant time on average.
enum RememberedScopes {
  private struct Entry: @unchecked Sendable {
    // @unchecked: only reached under `table`'s lock; the object is never used, only compared.
    weak var object: AnyObject?
    let scope: DependencyNode
  }

  private struct Table: Sendable {
    var entries: [ObjectIdentifier: Entry] = [:]
    var aliveAtLastSweep = 0

    /// Drops the entries whose objects were released, and returns them, to be freed unlocked.
    mutating func sweep() -> [Entry] {
      var released: [Entry] = []
      for (id, entry) in entries where entry.object == nil {
        released.append(entries.removeValue(forKey: id)!)
      }
      aliveAtLastSweep = entries.count
      return released
    }
  }

  private static let table = Locked(Table())

  /// Calls between taking entries out of the map and freeing them: a test that checks a scope was
  /// freed waits for them (``waitForDrops()``), since any remembering may sweep another test's entry.
  private static let dropsInFlight = AtomicWord()

  /// Remembers that `object` was returned from the operation of `scope`, unless the scope holds it
  /// or it has a `@Dependency` property (its properties' scope is handed on, never a remembered one).
  static func remember(_ object: AnyObject, madeIn scope: DependencyNode) {
    guard !ModelDependencies.hasDependencyProperty(object), !Self.scope(scope, holds: object) else { return }
    dropsInFlight.add(1)
    defer { dropsInFlight.subtractOne() }  // once the dropped entries are freed
    // Scopes (and the values they hold) leave the map under the lock, but are freed once it is
    // released, with the array returned: a value's deinit may come back into the library.
    _ = table.withLock { table -> [Entry] in
      let replaced = table.entries.updateValue(
        Entry(object: object, scope: scope), forKey: ObjectIdentifier(object))
      var dropped = replaced.map { [$0] } ?? []
      if table.entries.count > 2 * table.aliveAtLastSweep { dropped += table.sweep() }
      return dropped
    }
  }

  static func scope(of object: AnyObject) -> DependencyNode? {
    let id = ObjectIdentifier(object)
    dropsInFlight.add(1)
    defer { dropsInFlight.subtractOne() }  // once a stale entry is freed
    return table.withLock { table -> (scope: DependencyNode?, stale: Entry?) in
      guard let entry = table.entries[id] else { return (nil, nil) }
      // An entry whose object was released, at the address `object` now has: freed unlocked.
      guard entry.object === object else { return (nil, table.entries.removeValue(forKey: id)) }
      return (entry.scope, nil)
    }.scope
  }

  /// Whether `object` is a value `scope` holds (set or built on its path): an entry for it would
  /// keep it alive through its own scope. An object held deeper (a struct's property) is not found.
  static func scope(_ scope: DependencyNode, holds object: AnyObject) -> Bool {
    scope.pathHolds(object)
  }

  /// For tests: sweeps now, then waits until no other call is freeing entries.
  static func sweep() {
    _ = table.withLock { $0.sweep() }
    waitForDrops()
  }

  static func waitForDrops() {
    while dropsInFlight.load() != 0 { yieldThread() }
  }

  /// For tests; an entry for a released object at the same address counts until swept.
  static func holdsEntry(for object: AnyObject) -> Bool {
    table.withLock { $0.entries[ObjectIdentifier(object)]?.object === object }
  }
}
