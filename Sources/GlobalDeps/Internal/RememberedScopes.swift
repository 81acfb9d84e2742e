import DepsCore

/// The scopes that `withDependencies` operations returned objects from, by object: what
/// `withDependencies(from:)` hands on for a model with no `@Dependency` property.
///
/// Each entry holds its object weakly and its scope strongly: the object's lifetime is its own,
/// and the scope lives while the entry does. An object that the scope itself holds as a value is
/// not remembered: the entry would keep it alive through its scope. An entry whose object was released is dropped by the
/// next sweep, which a remembering runs whenever the map has grown to more than twice the objects
/// alive at the last sweep (a look-up drops the entry it finds stale): the map never holds more
/// than about twice its live objects, and remembering costs constant time on average.
enum RememberedScopes {
  private struct Entry: @unchecked Sendable {
    // @unchecked: only reached under `table`'s lock; the object is never used, only compared.
    weak var object: AnyObject?
    let scope: DependencyNode
  }

  private struct Table: Sendable {
    var entries: [ObjectIdentifier: Entry] = [:]
    /// The entries that were alive at the last sweep.
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

  /// How many calls are between taking entries out of the map and freeing them: a test checking
  /// that a scope was freed waits for them (``waitForDrops()``), since any remembering may sweep
  /// another test's entry.
  private static let dropsInFlight = AtomicWord()

  /// Remembers that `object` was returned from the operation of `scope`, unless the scope holds
  /// it (see ``scope(_:holds:)``) or it has a `@Dependency` property: `withDependencies(from:)`
  /// hands on the scope its properties captured, never a remembered one, and the entry would keep
  /// the scope and its values alive after the object is released, until the next sweep.
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

  /// The scope `object` was returned from, or `nil` when no `withDependencies` operation returned
  /// it.
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

  /// Whether `object` is itself a value that `scope` holds: set in it or in a scope it searches,
  /// or a default one of them owns and built (`withDependencies { … } operation: { client }`, or
  /// a test value returned from the operation). An entry for such an object would keep it alive
  /// through its own scope, and neither would ever be released. An object that a value holds
  /// deeper (a struct's property) is not found.
  static func scope(_ scope: DependencyNode, holds object: AnyObject) -> Bool {
    scope.pathHolds(object)
  }

  /// Drops the entries of released objects now, and returns once no other call is freeing
  /// entries it took out of the map; for tests.
  static func sweep() {
    _ = table.withLock { $0.sweep() }
    waitForDrops()
  }

  /// Returns once no call is freeing entries it took out of the map.
  static func waitForDrops() {
    while dropsInFlight.load() != 0 { yieldThread() }
  }

  /// Whether the map holds an entry for `object` (not one for a released object that had its
  /// address, not yet swept); for tests.
  static func holdsEntry(for object: AnyObject) -> Bool {
    table.withLock { $0.entries[ObjectIdentifier(object)]?.object === object }
  }
}
