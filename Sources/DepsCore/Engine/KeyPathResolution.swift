/// A key path into ``Dependencies``, kept to be resolved later.
///
/// Immutable: the key paths stored point at `Dependencies` properties, which capture no state.
package struct DependencyKeyPath: @unchecked Sendable, Hashable {
  // @unchecked: key path objects are immutable once built.
  package let keyPath: AnyKeyPath

  init(_ keyPath: AnyKeyPath) { self.keyPath = keyPath }
}

/// Learns which ``DependencyKey`` a `Dependencies` property reads, once per key path.
package enum KeyPathResolution {
  private static let cache = Locked<[DependencyKeyPath: DependencyID]>([:])

  /// The key `keyPath`'s getter reads, or `nil` with a runtime warning for none or several. Resolved
  /// over a store of its own, so it builds no default for the app or test, nor counts in usage.
  package static func id(for keyPath: AnyKeyPath) -> DependencyID? {
    let keys = keysRead(by: keyPath)
    guard keys.count != 1 else { return keys[0] }
    let read = keys.isEmpty ? "no DependencyKey" : keys.map(\.description).joined(separator: ", ")
    let name = described(keyPath)
    runtimeWarn(
      """
      \(name.prefix(1).uppercased() + name.dropFirst()) cannot be aliased: its getter reads \(read).

      An alias joins two dependencies, so each key path must be a Dependencies property that reads \
      exactly one key. To fix: alias properties declared as `get { self[SomeKey.self] }`.
      """,
      kind: "\(keyPath)")
    return nil
  }

  /// How a message names the `Dependencies` property at `keyPath`: by the key its getter reads
  /// (`NumberFactKey`), else as ``described(_:)`` says. Warns about nothing.
  package static func name(of keyPath: AnyKeyPath) -> String {
    let keys = keysRead(by: keyPath)
    return keys.count == 1 ? keys[0].description : described(keyPath)
  }

  /// `keyPath` as the standard library prints it when that names every property, else `a Dependencies
  /// property of type Int`: off exported symbols (on Linux, mostly) it prints the getter's address,
  /// `\Dependencies.<computed 0x000056411919b4e0 (Int)>`.
  static func described(_ keyPath: AnyKeyPath) -> String {
    let printed = "\(keyPath)"
    guard printed.contains("<computed ") else { return printed }
    return "a Dependencies property of type \(type(of: keyPath).valueType)"
  }

  /// The keys `keyPath`'s getter reads, in order, without repeats; cached after one key.
  private static func keysRead(by keyPath: AnyKeyPath) -> [DependencyID] {
    let key = DependencyKeyPath(keyPath)
    if let id = cache.withLock({ $0[key] }) { return [id] }
    let recorder = KeyRecorder(reading: DependencyNode(ownerName: "KeyPathResolution"))
    let probe = Dependencies(reader: recorder)
    TestValueCheck.unreported { _ = probe[keyPath: keyPath] }
    var keys: [DependencyID] = []
    for id in recorder.recorded where !keys.contains(id) { keys.append(id) }
    if keys.count == 1 { cache.withLock { $0[key] = keys[0] } }
    return keys
  }
}
