/// The collection of dependency values, read and written through its properties.
///
/// Extend it with one property per dependency, as SwiftUI's `EnvironmentValues` per key:
///
/// ```swift
/// extension Dependencies {
///   var weatherClient: WeatherClient {
///     get { self[WeatherClientKey.self] }
///     set { self[WeatherClientKey.self] = newValue }
///   }
/// }
/// ```
///
/// You do not create it: environments read through it, and `with(_:_:)` and `withDependencies`
/// hand you one to write to; its writes apply to that scope when the call returns.
public struct Dependencies: Sendable {
  /// Where reads that were not written here come from.
  @usableFromInline var reader: any DependencyReader

  /// The values written through this value, one per key, in the order first written.
  @usableFromInline package private(set) var writes: [Entry] = []

  package private(set) var aliases = AliasBuilder()

  package init(reader: any DependencyReader) {
    self.reader = reader
  }

  /// Reads or writes the dependency identified by `key`.
  ///
  /// Use it in the accessors of a `Dependencies` property, or directly with a type that is its
  /// own key: `dependencies[APIClient.self]`.
  ///
  /// - Returns: The value written through this `Dependencies`, or else the scope's value, or else
  ///   the key's default (its `testValue` in tests).
  @inlinable
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    // Inlined, so that the box is read as a `ValueBox<Key.Value>` specialized where the property
    // is declared: in generic code the read asks the runtime for the box's metadata.
    get {
      if let box = writtenBox(for: DependencyID(key)) ?? reader.box(for: DependencyID(key)),
        let typed = box as? ValueBox<Key.Value>
      {
        return typed.value
      }
      return reader.read(key)
    }
    set { write(Entry(id: DependencyID(key), box: ValueBox(newValue))) }
  }

  /// The box written here for the key `id`, if any.
  @usableFromInline
  func writtenBox(for id: DependencyID) -> AnyValueBox? {
    guard !writes.isEmpty else { return nil }
    for entry in writes where entry.id == id { return entry.box }
    return nil
  }

  /// Writes `entry`, over an earlier write of its key.
  @usableFromInline
  mutating func write(_ entry: Entry) {
    if let index = writes.firstIndex(where: { $0.id == entry.id }) {
      writes[index] = entry
    } else {
      writes.append(entry)
    }
  }
}

extension Dependencies {
  /// Makes `dependency` an alias of `reference` in the scope this value updates (a `GlobalDeps`
  /// `withDependencies` update or test trait): for that scope and those nested in it, never globally.
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.alias(\.main, to: \.mainQueue)
  ///   $0.mainQueue = .immediate
  /// } operation: {
  ///   LegacyModel().main    // .immediate
  /// }
  /// ```
  public mutating func alias<Value>(
    _ dependency: WritableKeyPath<Dependencies, Value>,
    to reference: WritableKeyPath<Dependencies, Value>
  ) {
    aliases = aliases.alias(dependency, to: reference)
  }
}

/// Reads through another reader and collects the keys read, to learn which key a key path reads
/// and whether its result may be cached.
final class KeyRecorder: DependencyReader {
  private let base: any DependencyReader
  private let reads = Locked<[(id: DependencyID, valueType: ObjectIdentifier)]>([])

  init(reading base: any DependencyReader) { self.base = base }

  func read<Key: DependencyKey>(_ key: Key.Type) -> Key.Value {
    reads.withLock { $0.append((DependencyID(key), ObjectIdentifier(Key.Value.self))) }
    return base.read(key)
  }

  var recorded: [DependencyID] { reads.withLock { $0.map(\.id) } }

  /// Whether the getter read exactly one key, of value type `Value`: then its result changes only
  /// with a write and may be cached (`\.date.now` reads `date` but returns a `Date`: not cached).
  func readOneKey<Value>(ofValueType _: Value.Type) -> Bool {
    reads.withLock { $0.count == 1 && $0[0].valueType == ObjectIdentifier(Value.self) }
  }
}
