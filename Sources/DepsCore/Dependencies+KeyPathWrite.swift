extension Dependencies {
  /// What writing `value` at `keyPath`, over what `reader` reads, writes. A key path write runs the
  /// getter first; that read would build the default of the very dependency being overridden and,
  /// in a test, report a missing test value, so the getter's one read of a key of the written
  /// value's type gets the written value instead. A deeper path (`\.client.endpoint`) reads `reader`.
  static func writes<Value>(
    of value: Value, at keyPath: WritableKeyPath<Dependencies, Value>, over reader: any DependencyReader
  ) -> [Entry] {
    // A write of part of a dependency (`\.client.fetch`) reads the dependency to change it.
    TestValueCheck.checkingUpdate(writes: { $0.map(\.id) }) {
      let overwriting = OverwrittenReader(base: reader, value: value)
      var overwritten = Dependencies(reader: overwriting)
      overwritten[keyPath: keyPath] = value
      if overwriting.wroteAsBefore { return overwritten.writes }
      var dependencies = Dependencies(reader: reader)
      dependencies[keyPath: keyPath] = value
      return dependencies.writes
    }
  }
}

/// Reads through `base`, except for a first read of a key whose values are of the type of the
/// value being written: that read, whose result the write replaces, gets the written value.
private final class OverwrittenReader<Value>: DependencyReader, @unchecked Sendable {
  // @unchecked: made, read through and dropped by one thread, inside one write.
  private let base: any DependencyReader
  private let value: Value
  private var reads = 0
  private var replacedTheFirst = false

  init(base: any DependencyReader, value: Value) {
    self.base = base
    self.value = value
  }

  /// Whether the write read nothing, or only the key it replaces, or nothing through the written
  /// value: one that read the written value and then more might have used it as what it was not.
  var wroteAsBefore: Bool { !replacedTheFirst || reads == 1 }

  func read<Key: DependencyKey>(_ key: Key.Type) -> Key.Value {
    reads += 1
    if reads == 1, let written = value as? Key.Value {
      replacedTheFirst = true
      return written
    }
    return base.read(key)
  }
}
