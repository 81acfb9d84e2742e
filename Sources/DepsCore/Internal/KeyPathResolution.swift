/// A key path into ``Dependencies``, kept to be resolved later.
///
/// Key paths are immutable; the ones this library stores point at `Dependencies` properties,
/// which capture no state.
package struct DependencyKeyPath: @unchecked Sendable, Hashable {
  // @unchecked: key path objects are immutable once built.
  package let keyPath: AnyKeyPath

  package init(_ keyPath: AnyKeyPath) { self.keyPath = keyPath }
}

/// Learns which ``DependencyKey`` a `Dependencies` property reads, once per key path.
package enum KeyPathResolution {
  private static let cache = Locked<[DependencyKeyPath: DependencyID]>([:])

  /// The key that `keyPath`'s getter reads, or `nil` with a runtime warning when it reads no key
  /// or several.
  ///
  /// The first resolution reads the property through `reader` (which may build its default). In
  /// a test process it reads a store of its own instead, and reports nothing: learning which key a
  /// property reads is no read of the test's dependencies, so it neither counts in their usage nor
  /// builds, or reports, a default in the test's store.
  package static func id(for keyPath: AnyKeyPath, reader: any DependencyReader) -> DependencyID? {
    let key = DependencyKeyPath(keyPath)
    if let id = cache.withLock({ $0[key] }) { return id }
    let isTest = DependencyContext.isTest
    let recorder = KeyRecorder(reading: isTest ? DependencyNode(ownerName: "KeyPathResolution") : reader)
    let probe = Dependencies(reader: recorder)
    if isTest {
      TestValueCheck.unreported { _ = probe[keyPath: keyPath] }
    } else {
      _ = probe[keyPath: keyPath]
    }
    let keys = recorder.recorded
    guard let first = keys.first, keys.allSatisfy({ $0 == first }) else {
      let read = keys.isEmpty ? "no DependencyKey" : keys.map(\.description).joined(separator: ", ")
      runtimeWarn(
        """
        \(keyPath) cannot be aliased: its getter reads \(read).

        An alias joins two dependencies, so each key path must be a Dependencies property that reads \
        exactly one key. To fix: alias properties declared as `get { self[SomeKey.self] }`.
        """,
        kind: "\(keyPath)")
      return nil
    }
    cache.withLock { $0[key] = first }
    return first
  }
}
